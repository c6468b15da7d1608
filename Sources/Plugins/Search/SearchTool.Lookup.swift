import ToolboxCore

extension SearchTool {
  /// The lookup keys: option name, API parameter, what a valid value looks like.
  static let lookupKeys: [(option: String, parameter: String, help: String)] = [
    ("id", "id", "iTunes ids (artist, collection, track or app), comma-separated."),
    ("amg-artist-id", "amgArtistId", "AllMusic artist ids, comma-separated."),
    ("amg-album-id", "amgAlbumId", "AllMusic album ids, comma-separated."),
    ("amg-video-id", "amgVideoId", "AllMusic video ids, comma-separated."),
    ("upc", "upc", "UPC or EAN barcodes (8-14 digits) of albums or videos, comma-separated."),
    ("isbn", "isbn", "The 13-digit ISBN of a book (hyphens are dropped)."),
    ("bundle-id", "bundleId", "App Store bundle identifiers, e.g. com.facebook.Facebook."),
  ]

  /// `toolbox search lookup (--id … | …) [options]`.
  static let lookupSpec = CommandSpec(
    name: "lookup",
    abstract: "Look items up by iTunes id, AMG id, UPC, ISBN or bundle id.",
    discussion: """
      Exactly one key is required. With --entity the answer starts with each parent (an artist, say) \
      followed by its related items of that type; --limit caps them per parent and --sort recent orders \
      them newest first. An unknown id is not an error: it gives 0 results.
      """,
    arguments: lookupKeys.map { key in
      ArgumentSpec.option(
        key.option,
        valueName: key.option == "isbn" ? "isbn13" : key.option == "upc" ? "upc" : "ids",
        help: key.help)
    } + [
      .option(
        "entity", valueName: "entity",
        help: "Also return related items of this type, e.g. movie, album, song, software.",
        values: MediaCatalog.allEntities),
      .option("limit", valueName: "n", help: "With --entity: related items per parent, 1-200."),
      .option(
        "sort", valueName: "order", help: "With --entity: 'recent' lists the newest first.",
        values: ["recent"]),
      countryArgument,
      callbackArgument,
    ] + networkArguments,
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

  /// Runs a lookup.
  func lookup(_ arguments: ParsedArguments) throws -> CommandOutput {
    let items = try Self.lookupItems(arguments, settings: settings)
    let network = try NetworkOptions(arguments, settings: settings)
    return try perform("lookup", items, network)
  }

  /// The query of a lookup, validated, in the order it is sent.
  ///
  /// - Throws: ``UsageError`` for no key, several keys or a malformed value.
  static func lookupItems(_ arguments: ParsedArguments, settings: SearchSettings)
    throws(UsageError) -> [(name: String, value: String)]
  {
    let given = lookupKeys.filter { arguments.has($0.option) }
    guard let key = given.first else {
      throw arguments.usageError(
        "missing lookup key: give one of "
          + lookupKeys.map { "--\($0.option)" }.joined(separator: ", "),
        code: "missing_argument")
    }
    guard given.count == 1 else {
      throw arguments.usageError(
        "give exactly one lookup key, not "
          + given.map { "--\($0.option)" }.joined(separator: " and "),
        code: "conflicting_options")
    }
    let value = try lookupValue(key.option, arguments.string(key.option) ?? "", arguments)
    let limit = try ValueCheck.integer("limit", in: 1...200, arguments)
    let country = try ValueCheck.country(arguments, settings: settings)
    let callback = try ValueCheck.callback(arguments)

    var items: [(name: String, value: String)] = [(key.parameter, value)]
    if let entity = arguments.string("entity") { items.append(("entity", entity)) }
    if let limit { items.append(("limit", String(limit))) }
    if let sort = arguments.string("sort") { items.append(("sort", sort)) }
    items.append(("country", country))
    if let callback { items.append(("callback", callback)) }
    return items
  }

  /// Checks a lookup key's value and returns it as sent.
  private static func lookupValue(_ option: String, _ text: String, _ arguments: ParsedArguments)
    throws(UsageError) -> String
  {
    func isDigits(_ part: Substring) -> Bool {
      !part.isEmpty && part.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    switch option {
    case "isbn":
      let digits = String(text.filter { $0 != "-" })
      guard digits.utf8.count == 13, isDigits(Substring(digits)) else {
        throw arguments.usageError(
          "invalid ISBN '\(text)': expected 13 digits (ISBN-13), e.g. 9780316069359",
          code: "invalid_value")
      }
      return digits
    case "upc":
      guard parts.allSatisfy({ isDigits($0) && (8...14).contains($0.utf8.count) }) else {
        throw arguments.usageError(
          "invalid value '\(text)' for --upc: expected UPC/EAN barcodes of 8 to 14 digits, "
            + "separated by commas",
          code: "invalid_value")
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
        throw arguments.usageError(
          "invalid value '\(text)' for --bundle-id: expected bundle identifiers such as "
            + "com.facebook.Facebook, separated by commas",
          code: "invalid_value")
      }
      return text
    default:
      guard parts.allSatisfy({ isDigits($0) && $0.utf8.count <= 19 }) else {
        throw arguments.usageError(
          "invalid value '\(text)' for --\(option): expected numeric ids separated by commas, "
            + "e.g. 909253,284910350",
          code: "invalid_value")
      }
      return text
    }
  }
}
