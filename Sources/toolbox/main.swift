import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let status = Dispatcher.live(tools: builtInTools).run(
  Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
