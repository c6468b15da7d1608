import ToolboxCore
import ToolboxSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// HTTP runs in the helper executable toolbox-search-http, so only `toolbox search` loads FoundationNetworking.
let status = Dispatcher.live(tools: builtInTools, http: HelperHTTPClient()).run(
  Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
