import ToolboxBuiltIns
import ToolboxCore
import ToolboxSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// HTTP runs in the helper executable toolbox-search-http, so only `toolbox search` loads its libraries.
let system = System.live(http: HelperHTTPClient())
let status = Dispatcher(application: toolbox, system: system).run(
  Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
