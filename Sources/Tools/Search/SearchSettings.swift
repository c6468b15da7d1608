import ToolboxCore

/// The `tools.search` config section. Every key is optional; the defaults are CLI.md's.
public struct SearchSettings: ToolSettings {
  /// The server: scheme, host, optional port and path prefix, without a query.
  var baseURL = "https://itunes.apple.com"
  /// The default storefront, two letters.
  var country = "US"
  /// The default number of results of a search, 1-200.
  var limit = 50
  /// The overall deadline of one attempt, in seconds.
  var timeoutSeconds = 10.0
  /// How many times a failed attempt is retried.
  var retries = 2
  /// How long a cached response stays fresh; 0 turns the cache off.
  var cacheSeconds = 3600

  /// The accepted keys.
  static let keys = ["baseURL", "country", "limit", "timeoutSeconds", "retries", "cacheSeconds"]
  /// The valid `retries` (and `--retries`) values.
  static let retryRange = 0...10
  /// The valid `timeoutSeconds` (and `--timeout`) values.
  static let timeoutRange = 0.001...3600.0

  public init() {}

  public init(section: ConfigSection) throws(ConfigError) {
    try section.checkKeys(Self.keys)
    if let value = try section.string("baseURL") {
      guard let normalized = Self.normalizedBaseURL(value) else {
        throw section.invalidValue(
          "baseURL", "has invalid value '\(value)': expected an http or https URL without a query")
      }
      baseURL = normalized
    }
    if let value = try section.string("country") {
      if let problem = Self.countryProblem(value) {
        throw section.invalidValue("country", "has invalid value '\(value)': \(problem)")
      }
      country = value
    }
    if let value = try section.integer("limit", in: 1...200) { limit = value }
    if let value = try section.number("timeoutSeconds", in: Self.timeoutRange) {
      timeoutSeconds = value
    }
    if let value = try section.integer("retries", in: Self.retryRange) { retries = value }
    if let value = try section.integer("cacheSeconds", in: 0...31_536_000) { cacheSeconds = value }
  }

  /// The ISO 3166-1 alpha-2 country codes (every officially assigned one): the storefronts `--country`
  /// completes and suggests from. The API itself decides which it serves.
  static let countryCodes: [String] = [
    "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ",
    "BA", "BB", "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS",
    "BT", "BV", "BW", "BY", "BZ", "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN",
    "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ", "EC", "EE",
    "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA", "GB", "GD", "GE", "GF",
    "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS", "GT", "GU", "GW", "GY", "HK", "HM",
    "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM",
    "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC",
    "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK",
    "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA",
    "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG",
    "PH", "PK", "PL", "PM", "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW",
    "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS",
    "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO",
    "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY", "UZ", "VA", "VC", "VE", "VG", "VI",
    "VN", "VU", "WF", "WS", "YE", "YT", "ZA", "ZM", "ZW",
  ]

  /// Whether a text is a two-letter (ASCII) country code.
  /// Codes people type for a country whose ISO 3166 code is another (the United Kingdom is GB).
  static let countryHints: [String: String] = [
    "UK": "GB", "EN": "GB", "EL": "GR", "JA": "JP", "KO": "KR",
  ]

  /// Why a text is not an ISO 3166-1 alpha-2 code (any letter case), or `nil` when it is one.
  static func countryProblem(_ text: String) -> String? {
    guard isCountryCode(text) else {
      return "expected a two-letter country code such as US, KR or JP"
    }
    let upper = text.uppercased()
    guard !countryCodes.contains(upper) else { return nil }
    if let hint = countryHints[upper] {
      return
        "not an ISO 3166 country code; did you mean '\(text == upper ? hint : hint.lowercased())'?"
    }
    return "not an ISO 3166 country code (such as US, KR or JP)"
  }

  static func isCountryCode(_ text: String) -> Bool {
    text.utf8.count == 2
      && text.utf8.allSatisfy {
        ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
          || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
      }
  }

  /// The base URL without trailing slashes, or `nil` if it is not `http(s)://host…` without query or
  /// fragment, spaces or control characters.
  static func normalizedBaseURL(_ text: String) -> String? {
    let lowered = text.lowercased()
    let scheme: String
    if lowered.hasPrefix("https://") {
      scheme = "https://"
    } else if lowered.hasPrefix("http://") {
      scheme = "http://"
    } else {
      return nil
    }
    var url = text
    while url.hasSuffix("/") { url.removeLast() }
    let rest = url.utf8.dropFirst(scheme.utf8.count)
    guard let first = rest.first, first != UInt8(ascii: "/"),
      !rest.contains(where: {
        $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
      })
    else { return nil }
    return url
  }
}
