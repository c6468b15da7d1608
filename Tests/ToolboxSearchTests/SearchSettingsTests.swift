import Testing
import ToolboxCore
import ToolboxSearch
import ToolboxTestSupport

@Suite struct SearchSettingsTests {
  /// Runs `toolbox --config <file> search …` with the given config text.
  func run(config: String, _ arguments: String...) throws -> RunResult {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("config.json", config)
    let runner = ToolboxRunner(tools: [SearchTool.self], http: UnavailableHTTPClient())
    return runner.run(["--config", path] + arguments)
  }

  @Test func `config sets the server, country and limit`() throws {
    let result = try run(
      config: #"{"tools":{"search":{"baseURL":"http://127.0.0.1:9/x/","country":"KR","limit":5}}}"#,
      "search", "--url", "아이유")
    #expect(result.status == 0)
    #expect(
      result.output
        == "http://127.0.0.1:9/x/search?term=%EC%95%84%EC%9D%B4%EC%9C%A0&country=KR&limit=5\n")
  }

  @Test func `options override the config`() throws {
    let result = try run(
      config: #"{"tools":{"search":{"baseURL":"http://127.0.0.1:9","country":"KR","limit":5}}}"#,
      "search", "--url", "x", "--country", "jp", "--limit", "7", "--base-url", "http://localhost:1")
    #expect(result.output == "http://localhost:1/search?term=x&country=jp&limit=7\n")
  }

  @Test(arguments: [
    (
      #"{"tools":{"search":{"limt":5}}}"#, "unknown key 'tools.search.limt' (did you mean 'limit'?)"
    ),
    (
      #"{"tools":{"search":{"limit":500}}}"#,
      "'tools.search.limit' must be between 1 and 200, not 500"
    ),
    (
      #"{"tools":{"search":{"country":"USA"}}}"#,
      "'tools.search.country' has invalid value 'USA': expected a two-letter country code such as US, KR or JP"
    ),
    (
      #"{"tools":{"search":{"country":"uk"}}}"#,
      "'tools.search.country' has invalid value 'uk': not an ISO 3166 country code; did you mean 'gb'?"
    ),
    (
      #"{"tools":{"search":{"baseURL":"itunes.apple.com"}}}"#,
      "'tools.search.baseURL' has invalid value 'itunes.apple.com': expected an http or https URL without a query"
    ),
    (
      #"{"tools":{"search":{"timeoutSeconds":0}}}"#,
      "'tools.search.timeoutSeconds' must be between 0.001 and 3600.0"
    ),
    (
      #"{"tools":{"search":{"retries":-1}}}"#,
      "'tools.search.retries' must be between 0 and 10, not -1"
    ),
    (
      #"{"tools":{"search":{"cacheSeconds":"1h"}}}"#,
      "'tools.search.cacheSeconds' must be an integer, not a string"
    ),
  ])
  func `bad config is exit 78 naming the key path`(config: String, message: String) throws {
    let result = try run(config: config, "search", "--url", "x")
    #expect(result.status == 78)
    #expect(result.error.hasPrefix("toolbox: /"), "\(result.error)")
    #expect(result.error.hasSuffix("config.json: \(message)\n"), "\(result.error)")
  }

  @Test func `a disabled search tool exits 69`() throws {
    let result = try run(config: #"{"tools":{"search":{"enabled":false}}}"#, "search", "x")
    #expect(result.status == 69)
    #expect(result.error.contains("disabled in config"))
  }
}
