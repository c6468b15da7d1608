import ToolboxCore

extension SearchTool {
  /// `toolbox search TERM… [options]`: the tool's main command.
  struct Search: DeclaredCommand {
    static let commandName: String? = nil
    static let about = CommandAbout(
      abstract: "Search by keyword: apps, music, movies, podcasts, books, TV shows.",
      discussion: """
        The term is sent exactly as the API documents (space as +, everything but letters, digits and \
        . - _ * percent-encoded as UTF-8). --entity without --media implies the media whose table holds \
        it (all when several do). Text output is a table (kind, name, artist/seller, price, id); --json \
        prints {"resultCount":N,"results":[...]} with every result exactly as the API sent it. The media, \
        entity and attribute tables are in 'toolbox help search'.
        """,
      examples: [
        "toolbox search jack johnson",
        "toolbox search yelp --entity software --country us --limit 5",
        "toolbox search 아이유 --media music --entity song --country KR",
        "toolbox search --json jim jones --country ca",
        "toolbox search --url c++ programming --media ebook",
        "toolbox search --url AC/DC --media music --attribute artistTerm",
        "toolbox search -- lookup",
      ],
      usage: [
        "<term>... [--media <media>] [--entity <entity>] [--attribute <attribute>] [<options>]"
      ]
    )
    let term = positionals("term", help: "Words to search for (joined with spaces).")
    let media = option(
      "media", valueName: "media", help: "Media type to search (API default: all).",
      values: MediaCatalog.mediaNames, hints: MediaCatalog.mediaHints)
    let entity = option(
      "entity", valueName: "entity",
      help: "Type of results, e.g. movie, song, album, software; must belong to the media.",
      values: MediaCatalog.allEntities, hints: MediaCatalog.entityHints,
      completion: MediaCatalog.entityCompletion)
    let attribute = option(
      "attribute", valueName: "attribute",
      help: "Field the term must match, e.g. actorTerm, artistTerm; must belong to the media.",
      values: MediaCatalog.allAttributes, completion: MediaCatalog.attributeCompletion)
    let country: Argument<Self, String?> = countryOption()
    let limit = option(
      "limit", valueName: "n", help: "Number of results, 1-200 (default: config limit, else 50).")
    let offset = option(
      "offset", valueName: "n",
      help: "Skip the first N results (paging; undocumented by Apple, best effort).")
    let lang = option(
      "lang", valueName: "lang", help: "Language of the results: en_us (API default) or ja_jp.",
      values: ["en_us", "ja_jp"])
    let explicit = option(
      "explicit", valueName: "yes|no",
      help: "Whether explicit content is included: yes (API default) or no.",
      values: ["yes", "no"])
    let version = option(
      "version", valueName: "n", help: "Result key version: 1 or 2 (API default 2).",
      values: ["1", "2"])
    let callback: Argument<Self, String?> = callbackOption()
    let network = Network()
  }

  /// The entity and attribute tables, for help.
  static var mediaTable: String {
    var lines = ["Entities and attributes by media:"]
    for media in MediaCatalog.media {
      lines += wrap(
        media.sortedEntities, first: "  " + media.name.padded(to: 11) + " entities:   ",
        rest: String(repeating: " ", count: 26))
      let attributes = media.sortedAttributes.isEmpty ? ["(none)"] : media.sortedAttributes
      lines += wrap(
        attributes, first: String(repeating: " ", count: 14) + "attributes: ",
        rest: String(repeating: " ", count: 26))
    }
    return lines.joined(separator: "\n")
  }

  /// Comma-separated words wrapped at 100 columns.
  private static func wrap(_ words: [String], first: String, rest: String) -> [String] {
    var lines: [String] = []
    var line = first
    var lineHasWord = false
    for (index, word) in words.enumerated() {
      let piece = word + (index < words.count - 1 ? "," : "")
      if lineHasWord, line.count + 1 + piece.count > 100 {
        lines.append(line)
        line = rest + piece
      } else {
        line += (lineHasWord ? " " : "") + piece
      }
      lineHasWord = true
    }
    lines.append(line)
    return lines
  }

  /// Runs a search.
  func search(_ arguments: Arguments<Search>) throws -> CommandOutput {
    let items = try Self.searchItems(arguments, settings: settings)
    let network = try NetworkOptions(arguments.network, settings: settings)
    return try perform("search", items, network)
  }

  /// The query of a search, validated against the API's tables, in the order it is sent.
  ///
  /// - Throws: ``UsageError`` naming the valid values.
  static func searchItems(_ arguments: Arguments<Search>, settings: SearchSettings)
    throws -> [(name: String, value: String)]
  {
    let term = try arguments.term.joined(separator: " ")
    guard !term.trimmingSpaces().isEmpty else {
      throw arguments.usageError("the search term is empty", code: "missing_argument")
    }
    let usage = arguments.values.usage
    let country = try ValueCheck.country(try arguments.country, settings: settings, usage: usage)
    var media = try arguments.media
    let entity = try arguments.entity
    if let entity {
      if let name = media, let table = MediaCatalog.media(named: name) {
        guard table.entities.contains(entity) else {
          throw arguments.usageError(
            "entity '\(entity)' is not valid for media '\(name)' "
              + "(valid: \(table.sortedEntities.joined(separator: ", ")))",
            code: "invalid_value")
        }
      } else if media == nil {
        media = MediaCatalog.impliedMedia(forEntity: entity)
      }
    }
    let attribute = try arguments.attribute
    if let attribute {
      let name = media ?? "all"
      let valid = MediaCatalog.media(named: name)?.sortedAttributes ?? []
      guard valid.contains(attribute) else {
        let list = valid.isEmpty ? "it takes none" : "valid: " + valid.joined(separator: ", ")
        throw arguments.usageError(
          "attribute '\(attribute)' is not valid for media '\(name)' (\(list))",
          code: "invalid_value")
      }
    }
    let limit =
      try ValueCheck.integer(try arguments.limit, "--limit", in: 1...200, usage: usage)
      ?? settings.limit
    let offset = try ValueCheck.integer(
      try arguments.offset, "--offset", in: 0...Int.max, usage: usage)
    let callback = try ValueCheck.callback(try arguments.callback, usage: usage)

    var items: [(name: String, value: String)] = [("term", term), ("country", country)]
    if let media { items.append(("media", media)) }
    if let entity { items.append(("entity", entity)) }
    if let attribute { items.append(("attribute", attribute)) }
    items.append(("limit", String(limit)))
    if let offset { items.append(("offset", String(offset))) }
    if let lang = try arguments.lang { items.append(("lang", lang)) }
    if let version = try arguments.version { items.append(("version", version)) }
    if let explicit = try arguments.explicit {
      items.append(("explicit", explicit == "no" ? "No" : "Yes"))
    }
    if let callback { items.append(("callback", callback)) }
    return items
  }
}
