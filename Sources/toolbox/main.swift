import ToolboxCore

// The work runs on the main thread (see MainThreadExecutor): an async top-level main would cost the static
// binary about 12 ms at every start.
let arguments = Array(CommandLine.arguments.dropFirst())
MainThreadExecutor.runMain {
  await Dispatcher.live(tools: builtInTools).run(arguments).rawValue
}
