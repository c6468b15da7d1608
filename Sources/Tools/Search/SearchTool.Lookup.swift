import ToolboxCore

extension SearchTool {
  /// `toolbox search lookup (--id … | …) [options]`.
  struct Lookup: DeclaredCommand {
    static let commandName: String? = "lookup"
    static let about = CommandAbout(
      abstract: "Look items up by iTunes id, AMG id, UPC, ISBN or bundle id.",
      discussion: """
        Exactly one key is required. With --entity the answer starts with each parent (an artist, say) \
        followed by its related items of that type; --limit caps them per parent and --sort recent \
        orders them newest first. An unknown id is not an error: it gives 0 results.
        """,
      examples: [
        "toolbox search lookup --id 909253",
        "toolbox search lookup --id 284910350 --country us",
        "toolbox search lookup --amg-artist-id 468749,5723 --entity album --limit 5",
        "toolbox search lookup --amg-artist-id 468749,5723 --entity song --limit 5 --sort recent",
        "toolbox search lookup --upc 720642462928 --entity song",
        "toolbox search lookup --isbn 9780316069359",
        "toolbox --json search lookup --bundle-id com.facebook.Facebook",
        "toolbox search lookup --url --id 909253 --entity album",
      ],
      usage: [
        "(--id <ids> | --amg-artist-id <ids> | --amg-album-id <ids> | --amg-video-id <ids> | "
          + "--upc <upc> | --isbn <isbn13> | --bundle-id <ids>) [<options>]"
      ])
    let id = option(
      "id", valueName: "ids",
      help: "iTunes ids (artist, collection, track or app), comma-separated.")
    let amgArtistID = option(
      "amg-artist-id", valueName: "ids", help: "AllMusic artist ids, comma-separated.")
    let amgAlbumID = option(
      "amg-album-id", valueName: "ids", help: "AllMusic album ids, comma-separated.")
    let amgVideoID = option(
      "amg-video-id", valueName: "ids", help: "AllMusic video ids, comma-separated.")
    let upc = option(
      "upc", valueName: "upc",
      help: "UPC or EAN barcodes (8-14 digits) of albums or videos, comma-separated.")
    let isbn = option(
      "isbn", valueName: "isbn13", help: "The 13-digit ISBN of a book (hyphens are dropped).")
    let bundleID = option(
      "bundle-id", valueName: "ids",
      help: "App Store bundle identifiers, e.g. com.facebook.Facebook.")
    let entity = option(
      "entity", valueName: "entity",
      help: "Also return related items of this type, e.g. movie, album, song, software.",
      values: MediaCatalog.allEntities)
    let limit = option(
      "limit", valueName: "n", help: "With --entity: related items per parent, 1-200.")
    let sort = option(
      "sort", valueName: "order", help: "With --entity: 'recent' lists the newest first.",
      values: ["recent"])
    let country: Argument<Self, String?> = countryOption()
    let callback: Argument<Self, String?> = callbackOption()
    let network = Network()

    /// The lookup keys and the API parameter each one sends (computed, so not a key of its own).
    var keys: [(argument: Argument<Lookup, String?>, parameter: String)] {
      [
        (id, "id"), (amgArtistID, "amgArtistId"), (amgAlbumID, "amgAlbumId"),
        (amgVideoID, "amgVideoId"), (upc, "upc"), (isbn, "isbn"), (bundleID, "bundleId"),
      ]
    }
  }

  /// The API parameters of the lookup keys, in the order the API lists them.
  static var lookupParameters: [String] { Lookup().keys.map { $0.parameter } }

  /// Runs a lookup.
  func lookup(_ arguments: Arguments<Lookup>) throws -> CommandOutput {
    let items = try Self.lookupItems(arguments, settings: settings)
    let network = try NetworkOptions(arguments.network, settings: settings)
    return try perform("lookup", items, network)
  }

  /// The query of a lookup, validated, in the order it is sent.
  ///
  /// - Throws: ``UsageError`` for no key, several keys or a malformed value.
  static func lookupItems(_ arguments: Arguments<Lookup>, settings: SearchSettings)
    throws -> [(name: String, value: String)]
  {
    let keys = Lookup().keys
    let given = keys.filter { arguments.has($0.argument) }
    guard let key = given.first else {
      throw arguments.usageError(
        "missing lookup key: give one of "
          + keys.map { $0.argument.spec.display }.joined(separator: ", "),
        code: "missing_argument")
    }
    guard given.count == 1 else {
      throw arguments.usageError(
        "give exactly one lookup key, not "
          + given.map { $0.argument.spec.display }.joined(separator: " and "),
        code: "conflicting_options")
    }
    let value = try lookupValue(
      key.argument.spec.name, try arguments[key.argument] ?? "", arguments.values.usage)
    let usage = arguments.values.usage
    let limit = try ValueCheck.integer(try arguments.limit, "--limit", in: 1...200, usage: usage)
    let country = try ValueCheck.country(try arguments.country, settings: settings, usage: usage)
    let callback = try ValueCheck.callback(try arguments.callback, usage: usage)

    var items: [(name: String, value: String)] = [(key.parameter, value)]
    if let entity = try arguments.entity { items.append(("entity", entity)) }
    if let limit { items.append(("limit", String(limit))) }
    if let sort = try arguments.sort { items.append(("sort", sort)) }
    items.append(("country", country))
    if let callback { items.append(("callback", callback)) }
    return items
  }

  /// Checks a lookup key's value and returns it as sent.
  private static func lookupValue(_ option: String, _ text: String, _ usage: String)
    throws(UsageError) -> String
  {
    func invalid(_ message: String) -> UsageError {
      UsageError(message, code: "invalid_value", usage: usage)
    }
    func isDigits(_ part: Substring) -> Bool {
      !part.isEmpty && part.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    switch option {
    case "isbn":
      let digits = String(text.filter { $0 != "-" })
      guard digits.utf8.count == 13, isDigits(Substring(digits)) else {
        throw invalid(
          "invalid ISBN '\(text)': expected 13 digits (ISBN-13), e.g. 9780316069359")
      }
      return digits
    case "upc":
      guard parts.allSatisfy({ isDigits($0) && (8...14).contains($0.utf8.count) }) else {
        throw invalid(
          "invalid value '\(text)' for --upc: expected UPC/EAN barcodes of 8 to 14 digits, "
            + "separated by commas")
      }
      return text
    case "bundle-id":
      let valid = parts.allSatisfy { part in
        !part.isEmpty
          && part.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
              || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
              || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".")
              || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
          }
      }
      guard valid else {
        throw invalid(
          "invalid value '\(text)' for --bundle-id: expected bundle identifiers such as "
            + "com.facebook.Facebook, separated by commas")
      }
      return text
    default:
      guard parts.allSatisfy({ isDigits($0) && $0.utf8.count <= 19 }) else {
        throw invalid(
          "invalid value '\(text)' for --\(option): expected numeric ids separated by commas, "
            + "e.g. 909253,284910350")
      }
      return text
    }
  }
}
