import ToolboxCore

/// Where and how patiently to ask, from the command line over the config.
struct NetworkOptions: Sendable, Equatable {
  /// The server, without a trailing slash.
  let baseURL: String
  /// The overall deadline of one attempt, in seconds.
  let timeout: Double
  /// How many times a failed attempt is retried.
  let retries: Int
  /// How long cached answers stay fresh, or `nil` when the cache is off (`--no-cache`, `cacheSeconds` 0).
  let cacheLifetime: Double?
  /// `--url`: print the URL, send nothing.
  let urlOnly: Bool

  /// Reads `--base-url`, `--timeout`, `--retries`, `--no-cache` and `--url`.
  ///
  /// - Throws: ``UsageError`` for a value out of range.
  init(_ arguments: Arguments<SearchTool.Network>, settings: SearchSettings) throws {
    if let text = try arguments.baseURL {
      guard let url = SearchSettings.normalizedBaseURL(text) else {
        throw arguments.usageError(
          "invalid value '\(text)' for --base-url: expected an http or https URL without a query, "
            + "e.g. http://127.0.0.1:8080",
          code: "invalid_value")
      }
      baseURL = url
    } else {
      baseURL = settings.baseURL
    }
    if let text = try arguments.timeout {
      guard let seconds = Double(argument: text), SearchSettings.timeoutRange.contains(seconds)
      else {
        throw arguments.usageError(
          "invalid value '\(text)' for --timeout: expected seconds above 0, at most 3600",
          code: "invalid_value")
      }
      timeout = seconds
    } else {
      timeout = settings.timeoutSeconds
    }
    if let text = try arguments.retries {
      guard let count = Int(argument: text), SearchSettings.retryRange.contains(count) else {
        throw arguments.usageError(
          "invalid value '\(text)' for --retries: expected 0-10", code: "invalid_value")
      }
      retries = count
    } else {
      retries = settings.retries
    }
    let cacheOff = try arguments.noCache || settings.cacheSeconds == 0
    cacheLifetime = cacheOff ? nil : Double(settings.cacheSeconds)
    urlOnly = try arguments.urlOnly
  }
}
