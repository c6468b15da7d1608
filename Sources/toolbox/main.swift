import ToolboxCore
import ToolboxSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Synchronous main: an `await` at top level would end in dispatch_main(), whose pthread_exit() unwinds the
// main thread, and the first unwind in the static binary sorts all of its frame tables (~12 ms per command).
// HTTP runs in the helper executable toolbox-search-http, so only `toolbox search` loads FoundationNetworking.
Task.detached {
  let status = await Dispatcher.live(tools: builtInTools, http: HelperHTTPClient()).run(
    Array(CommandLine.arguments.dropFirst()))
  exit(status.rawValue)
}
while true { pause() }
