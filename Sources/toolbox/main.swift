import ToolboxBuiltIns
import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let system = liveSystem()
// The commit comes from the BuildInfo plugin (Plugins/BuildInfo), which writes it when HEAD, the index or
// a source file changes.
var application = toolbox
application.commit = buildCommit
let status = Dispatcher(application: application, system: system).run(
  Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
