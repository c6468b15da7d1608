import ToolboxCore
import ToolboxHTTP

/// `toolbox search`: a validating, caching, rate-limit-aware client for Apple's iTunes Search API
/// (<https://performance-partners.apple.com/search-api>): keyword search and lookups by iTunes id, AMG id,
/// UPC, ISBN or bundle id.
///
/// Parameters are validated against the API's documented tables before any request; the query is encoded
/// exactly as the API documents; answers are cached; each attempt has an overall deadline and failed attempts
/// are retried with backoff. The HTTP exchange itself runs in the helper executable `toolbox-http`
/// (see ``HelperHTTPClient``), the only binary that loads libcurl.
public struct SearchTool: Tool {
  public typealias Settings = SearchSettings

  public static let descriptor = ToolDescriptor(
    name: "search",
    abstract: "Search the iTunes Store and App Store, or look items up by id.",
    discussion: """
      Uses Apple's iTunes Search API. Parameters are checked against the API's tables before anything is \
      sent; answers are cached under $XDG_CACHE_HOME/toolbox/search for config 'cacheSeconds' (default \
      3600); each attempt has an overall deadline (--timeout) and timeouts, connection errors, 5xx and \
      403/429 answers are retried with backoff (--retries). The API allows about 20 requests a minute.
      To search for the word 'lookup' itself, write 'toolbox search -- lookup'.
      """ + "\n\n" + mediaTable,
    environment: [
      ManualEntry(
        "TOOLBOX_HTTP",
        "The HTTP helper to run, instead of ../libexec/toolbox/toolbox-http from the folder of "
          + "the toolbox executable, or toolbox-http beside it. TOOLBOX_SEARCH_HTTP, its former name, "
          + "is read when it is not set.")
    ],
    files: [
      ManualEntry(
        "$XDG_CACHE_HOME/toolbox/search/",
        "Cached answers (default ~/.cache/toolbox/search/): at most 1,000 entries and 64 MiB, used only "
          + "when the folder is yours and not writable by others."),
      ManualEntry(
        "<prefix>/libexec/toolbox/toolbox-http",
        "The HTTP helper, the only program that loads libcurl."),
    ])

  public static let commands: [Command<Self>] = [
    Command(Search.self) { tool, arguments in try tool.search(arguments) },
    Command(Lookup.self) { tool, arguments in try tool.lookup(arguments) },
  ]

  let context: ToolContext
  let settings: SearchSettings

  public init(context: ToolContext) {
    self.context = context
    settings = context.settings(as: SearchSettings.self)
  }

  // MARK: - Options shared by search and lookup

  /// `--country`, which `search` and `lookup` both declare.
  static func countryOption<C: ArgumentGroup>() -> Argument<C, String?> {
    C.option(
      "country", valueName: "cc",
      help: "Storefront, a two-letter country code (default: config country, else US).",
      completion: .values(SearchSettings.countryCodes.map { CompletionCandidate($0.lowercased()) }))
  }

  /// `--callback`, which `search` and `lookup` both declare.
  static func callbackOption<C: ArgumentGroup>() -> Argument<C, String?> {
    C.option(
      "callback", valueName: "name",
      help: "JSONP: ask for NAME({...}); and print that body unchanged (never cached).")
  }

  /// The network options `search` and `lookup` share, declared once, last in help.
  struct Network: ArgumentGroup {
    let urlOnly = flag("url", help: "Print the request URL and send nothing.")
    let noCache = flag("no-cache", help: "Neither read nor write the response cache.")
    let baseURL = option(
      "base-url", valueName: "url",
      help: "Server to ask (default: config baseURL, else https://itunes.apple.com).")
    let timeout = option(
      "timeout", valueName: "seconds",
      help: "Overall deadline of each attempt (default: config timeoutSeconds, else 10).")
    let retries = option(
      "retries", valueName: "n",
      help:
        "Retries after a timeout, connection error, 5xx, 403 or 429: 0-10 (default: config, else 2)."
    )
  }

  // MARK: - Running

  /// Sends a request (or prints its URL) and turns the answer into output.
  ///
  /// - Parameters:
  ///   - endpoint: `search` or `lookup`.
  ///   - items: The query, validated, in the order sent.
  ///   - network: The network options.
  /// - Returns: The URL, the JSONP body unchanged, the JSON document, or the text table.
  func perform(
    _ endpoint: String, _ items: [(name: String, value: String)], _ network: NetworkOptions
  ) throws -> CommandOutput {
    let url = Self.url(endpoint, items, network)
    if network.urlOnly { return .document(URLResult(url: url)) }
    let isJSONP = items.contains { $0.name == "callback" }
    switch try fetch(url, network, expectsJSON: !isJSONP).answer {
    case .raw(let body):
      return .verbatim(String(decoding: body, as: UTF8.self))
    case .json(let response):
      return .document(SearchResults(response: response))
    }
  }

  /// The request URL of a query: the server, the endpoint and the items encoded as the API documents.
  static func url(
    _ endpoint: String, _ items: [(name: String, value: String)], _ network: NetworkOptions
  ) -> String {
    let lists = Set(Self.lookupParameters)
    return network.baseURL + "/" + endpoint + "?" + QueryEncoding.query(items, lists: lists)
  }

  /// Gets the answer to a request URL: from the response cache when it is on and the answer JSON (JSONP
  /// is never cached), else from the server through the context's HTTP client, with the deadline and
  /// retries of `network`.
  ///
  /// - Returns: The answer, and whether it came from the cache.
  /// - Throws: ``SearchError``, or ``UnavailableError`` when there is no HTTP helper.
  func fetch(_ url: String, _ network: NetworkOptions, expectsJSON: Bool) throws -> (
    answer: SearchFetcher.Answer, fromCache: Bool
  ) {
    let cache = network.cacheLifetime.flatMap {
      expectsJSON ? ResponseCache(context: context, lifetime: $0) : nil
    }
    let fetcher = SearchFetcher(
      url: url, timeout: network.timeout, policy: RetryPolicy(retries: network.retries),
      cache: cache, http: context.http, clock: context.clock,
      showsProgress: context.showsProgress, progress: context.progress)
    return try fetcher.fetch(expectsJSON: expectsJSON)
  }
}
