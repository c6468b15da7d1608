import ToolboxCore
import ToolboxTerminal

extension SearchTool: ScreenProvider {
  public static var screenPosition: Int { 5 }

  public static func makeScreen(context: ToolContext) throws -> any Screen {
    SearchScreen(context: context)
  }
}

/// The search screen of `toolbox ui` (issue 28; the seed app's iTunes search): a term field, the media
/// and entity to search, the results as a table (name, artist or developer, kind, price, rating) and one
/// result opened with everything the API sent about it.
///
/// A search is `toolbox search`'s own: the screen's choices become the command's words, parsed and
/// checked by its declaration and ``SearchTool/searchItems(_:settings:)``, and sent through
/// ``SearchTool/fetch(_:_:expectsJSON:)`` (the context's HTTP helper, the response cache, the deadline,
/// the retries and the rate-limit handling), with the config's server, country, limit, timeout and
/// retries. The loop is synchronous: a search blocks until the helper answers or the CLI's deadline
/// passes. Failures are status lines; an answer from the cache says so.
final class SearchScreen: Screen {
  let title = "search"

  /// What has the keys.
  enum Focus: Equatable {
    /// The term field: typed characters go into it, Enter searches.
    case field
    /// The results: ↑/↓ select, Enter opens, m/n choose media and entity.
    case list
    /// One result opened: ↑/↓ scroll, Esc goes back.
    case detail
  }

  /// One search made, as the status line and the list's summary describe it.
  struct Query: Equatable {
    var term: String
    var media: String
    var entity: String?
    /// Whether the answer came from the response cache.
    var fromCache: Bool
  }

  /// The media `m` cycles through, the API's default (all) first, then the most searched.
  static let mediaChoices = [
    "all", "music", "software", "ebook", "podcast", "movie", "tvShow", "audiobook", "musicVideo",
    "shortFilm",
  ].filter { MediaCatalog.media(named: $0) != nil }

  /// The longest a name, an artist, a kind and a price are shown in the list before `…`.
  static let widest = (name: 48, artist: 28, kind: 16, price: 12)

  private let tool: SearchTool
  /// The term.
  private(set) var field = TextField()
  private(set) var focus = Focus.field
  /// The media: an index into ``mediaChoices``.
  private(set) var mediaIndex = 0
  /// The entity, or `nil` for the API's default for the media.
  private(set) var entity: String?
  /// The results of the last search, as the API sent them.
  private(set) var results: [JSONValue] = []
  /// The last search that was answered.
  private(set) var query: Query?
  /// Why the last search failed, shown until the next one.
  private(set) var failure: String?
  private(set) var selected = 0
  private var scroll = 0
  /// The first line of the opened result shown (kept within the lines when drawn).
  var detailOffset = 0
  /// How many results or lines the last frame showed: a page for PgUp/PgDn.
  private var page = 10

  /// Creates the screen on a session's context; progress lines (retries, the cache's warnings) are not
  /// written, since standard error is the screen.
  init(context: ToolContext) {
    var quiet = context
    quiet.showsProgress = false
    quiet.progress = { _ in }
    tool = SearchTool(context: quiet)
  }

  var hasTextFocus: Bool { focus == .field }

  /// The chosen media.
  var media: String { Self.mediaChoices[mediaIndex] }

  let keyHelp = [
    KeyHelp("Enter", "search for the term (in the field); open the selected result", primary: true),
    KeyHelp("/ s", "edit the term", primary: true),
    KeyHelp("m M", "next/previous media (all, music, software, ebook…)", primary: true),
    KeyHelp("n N", "next/previous entity of the media"),
    KeyHelp("r", "search again with the media and entity"),
    KeyHelp("↑/↓ k/j", "select a result; scroll an opened one"),
    KeyHelp("PgUp/PgDn", "a page up/down"),
    KeyHelp("Home/End g/G", "first/last result"),
    KeyHelp("Esc", "leave the field; back from a result", primary: true),
  ]

  func refresh() -> Bool { false }

  // MARK: - Searching

  /// The words `toolbox search` would be given for the screen's choices.
  var words: [String] {
    var words: [String] = []
    if media != "all" { words += ["--media", media] }
    if let entity { words += ["--entity", entity] }
    return words + ["--", field.text]
  }

  /// Runs the search the screen's choices describe, as `toolbox search WORDS…` runs it.
  private func search() -> ScreenResponse {
    let term = field.text.trimmingSpaces()
    do {
      let arguments = Arguments<SearchTool.Search>(
        try ArgumentParser(command: SearchTool.Search.spec.arguments, usage: "toolbox search")
          .parse(words))
      let items = try SearchTool.searchItems(arguments, settings: tool.settings)
      let network = try NetworkOptions(arguments.network, settings: tool.settings)
      let url = SearchTool.url("search", items, network)
      let fetched = try tool.fetch(url, network, expectsJSON: true)
      guard case .json(let response) = fetched.answer else { return .refused() }
      results = response.results
      query = Query(term: term, media: media, entity: entity, fromCache: fetched.fromCache)
      failure = nil
      selected = 0
      scroll = 0
      if !results.isEmpty { focus = .list }
      return .handled(status: summary)
    } catch let error as any ToolboxError {
      failure = error.description
      return .refused(status: error.description)
    } catch {
      failure = "\(error)"
      return .refused(status: "\(error)")
    }
  }

  /// What the last search found: `2 results for 'yelp' (software) — from the cache`.
  var summary: String {
    guard let query else { return "" }
    var scope = query.media
    if let entity = query.entity { scope += ", " + entity }
    let found =
      results.isEmpty
      ? "Nothing matched '\(query.term)' (\(scope))"
      : (results.count == 1 ? "1 result" : "\(results.count) results")
        + " for '\(query.term)' (\(scope))"
    return found + (query.fromCache ? " — from the cache" : "")
  }

  // MARK: - Keys

  func handle(_ key: Key) -> ScreenResponse {
    switch focus {
    case .field: handleField(key)
    case .list: handleList(key)
    case .detail: handleDetail(key)
    }
  }

  private func handleField(_ key: Key) -> ScreenResponse {
    switch key {
    case .enter:
      return search()
    case .escape:
      focus = .list
      return .handled()
    case .tab, .backTab, .up, .down, .pageUp, .pageDown, .mouse:
      return .ignored
    default:
      switch field.handle(key) {
      case .changed, .moved: return .handled()
      case .refused: return .refused()
      case .ignored: return .ignored
      }
    }
  }

  private func handleList(_ key: Key) -> ScreenResponse {
    switch key {
    case .up, .character("k"): select(selected - 1)
    case .down, .character("j"): select(selected + 1)
    case .mouse(let event) where event.action == .wheelUp: select(selected - 1)
    case .mouse(let event) where event.action == .wheelDown: select(selected + 1)
    case .pageUp: select(selected - page)
    case .pageDown: select(selected + page)
    case .home, .character("g"): select(0)
    case .end, .character("G"): select(results.count - 1)
    case .enter:
      guard results.indices.contains(selected) else { return .refused(status: "no result to open") }
      focus = .detail
      detailOffset = 0
    case .character("/"), .character("s"):
      focus = .field
    case .character("m"), .character("M"):
      let step = key == .character("m") ? 1 : Self.mediaChoices.count - 1
      mediaIndex = (mediaIndex + step) % Self.mediaChoices.count
      entity = nil
      return .handled(status: choiceStatus)
    case .character("n"), .character("N"):
      let entities = MediaCatalog.media(named: media)?.entities ?? []
      // nil (the API's default) and then each entity in the table's order.
      let choices: [String?] = [nil] + entities.map { $0 }
      let index = choices.firstIndex(of: entity) ?? 0
      let step = key == .character("n") ? 1 : choices.count - 1
      entity = choices[(index + step) % choices.count]
      return .handled(status: choiceStatus)
    case .character("r"):
      guard !field.text.trimmingSpaces().isEmpty else {
        focus = .field
        return .refused(status: "type a term first")
      }
      return search()
    default:
      return .ignored
    }
    return .handled()
  }

  private func handleDetail(_ key: Key) -> ScreenResponse {
    switch key {
    case .escape, .backspace, .left, .character("h"):
      focus = .list
    case .up, .character("k"): detailOffset = max(detailOffset - 1, 0)
    case .down, .character("j"): detailOffset += 1
    case .mouse(let event) where event.action == .wheelUp: detailOffset = max(detailOffset - 1, 0)
    case .mouse(let event) where event.action == .wheelDown: detailOffset += 1
    case .pageUp: detailOffset = max(detailOffset - page, 0)
    case .pageDown, .character(" "): detailOffset += page
    case .home, .character("g"): detailOffset = 0
    default: return .ignored
    }
    return .handled()
  }

  /// The choices, for the status line after `m` or `n`.
  private var choiceStatus: String {
    "media \(media), entity \(entity ?? "any")"
      + (query == nil ? "" : " — r searches again, / edits the term")
  }

  private func select(_ index: Int) {
    selected = min(max(index, 0), max(results.count - 1, 0))
  }

  /// The result opened, if one is.
  var openedResult: JSONValue? {
    focus == .detail && results.indices.contains(selected) ? results[selected] : nil
  }

  // MARK: - Drawing

  func draw(into canvas: inout Canvas, theme: Theme) {
    if let result = openedResult {
      drawDetail(of: result, into: &canvas)
      return
    }
    let label = "Search: "
    let used = canvas.put(label, row: 0, column: 0, style: CellStyle(bold: true))
    field.draw(
      into: &canvas, row: 0, column: used, width: max(canvas.width - used, 0),
      style: CellStyle(underline: focus == .field), focused: focus == .field)
    let country = (try? ValueCheck.country(nil, settings: tool.settings, usage: "")) ?? ""
    canvas.put(
      "media \(media) · entity \(entity ?? "any") · country \(country) · m/n change",
      row: 1, column: 0, style: CellStyle(dim: true))
    let top = 3
    let bottom = canvas.height - 1
    page = max(bottom - top, 1)
    if let failure, results.isEmpty {
      let lines = TerminalApp.wrap("! " + failure, width: max(canvas.width - 2, 10))
      for (offset, line) in lines.prefix(max(bottom - top + 1, 1)).enumerated() {
        canvas.put(line, row: top + offset, column: 2)
      }
      return
    }
    guard query != nil else {
      canvas.put(
        "Type a term and press Enter to search the iTunes Store and App Store.", row: top,
        column: 2,
        style: CellStyle(dim: true))
      return
    }
    guard !results.isEmpty else {
      canvas.put(
        summary + ". Try other words, or another media (m).", row: top, column: 2)
      return
    }
    drawList(into: &canvas, top: top, bottom: bottom, theme: theme)
    // The last search that failed, else what the results are.
    canvas.put(
      failure.map { "! " + $0 } ?? summary, row: bottom, column: 0,
      style: CellStyle(dim: failure == nil))
  }

  /// The header on the row above `top` and the results from `top` to the row before `bottom`.
  private func drawList(into canvas: inout Canvas, top: Int, bottom: Int, theme: Theme) {
    let rows = results.map(ListRow.init)
    let widths = ListRow.widths(rows, total: canvas.width - 2)
    var column = 2
    var columns: [Int] = []
    for width in widths {
      columns.append(column)
      if width > 0 { column += width + 2 }
    }
    let header = ["NAME", "ARTIST/DEVELOPER", "KIND", "PRICE", "RATING"]
    for (index, text) in header.enumerated() where widths[index] > 0 {
      let shown = index >= 3 ? text.leftPadded(to: widths[index]) : text
      canvas.put(
        shown, row: top - 1, column: columns[index], style: CellStyle(bold: true),
        limit: widths[index])
    }
    let height = max(bottom - top, 0)
    if selected < scroll { scroll = selected }
    if selected >= scroll + height { scroll = selected - height + 1 }
    for (offset, row) in rows.dropFirst(scroll).prefix(height).enumerated() {
      let line = top + offset
      let isSelected = scroll + offset == selected && focus == .list
      canvas.put(isSelected ? "›" : " ", row: line, column: 0, style: CellStyle(bold: isSelected))
      for (index, cell) in row.cells.enumerated() where widths[index] > 0 {
        let text = cell.truncated(to: widths[index])
        canvas.put(
          index >= 3 ? text.leftPadded(to: widths[index]) : text, row: line,
          column: columns[index], limit: widths[index])
      }
      if isSelected {
        canvas.restyle(row: line, column: 0, width: column - 2) { $0.reverse = true }
      }
    }
  }
}

/// A result as a row of the screen's list: ``ResultRow``'s name, artist or seller, kind and price, and the
/// users' rating.
struct ListRow {
  let cells: [String]

  init(_ result: JSONValue) {
    let row = ResultRow(result)
    cells = [row.name, row.artist, row.kind, row.price, Self.rating(result)]
  }

  /// `averageUserRating` to one decimal with a star (`★ 4.7`), else the content rating (`PG-13`, `12+`),
  /// else empty.
  static func rating(_ result: JSONValue) -> String {
    if let value = result["averageUserRating"]?.doubleValue, value.isFinite, value >= 0, value <= 5
    {
      let tenths = Int((value * 10).rounded())
      return "★ \(tenths / 10).\(tenths % 10)"
    }
    return ResultRow.text(result, "contentAdvisoryRating")
      ?? ResultRow.text(result, "trackContentRating") ?? ""
  }

  /// The columns' widths: each as wide as its widest cell or header (names and artists at most
  /// ``SearchScreen/widest``), the name and the artist narrowed, the name last, to fit `total` columns
  /// with two spaces between columns.
  static func widths(_ rows: [ListRow], total: Int) -> [Int] {
    let headers = ["NAME", "ARTIST/DEVELOPER", "KIND", "PRICE", "RATING"]
    let caps = [
      SearchScreen.widest.name, SearchScreen.widest.artist, SearchScreen.widest.kind,
      SearchScreen.widest.price, 8,
    ]
    var widths = zip(headers, caps).map { min($0.displayWidth, $1) }
    for row in rows {
      for (index, cell) in row.cells.enumerated() {
        widths[index] = min(max(widths[index], cell.displayWidth), caps[index])
      }
    }
    // On a narrow screen the rating goes, then the kind (width 0: not shown); then the artist is
    // narrowed to a third of what is left, and the name to what fits.
    func room() -> Int {
      total - [2, 3, 4].reduce(0) { $0 + (widths[$1] > 0 ? widths[$1] + 2 : 0) } - 2
    }
    for index in [4, 2] where room() < 24 && widths[0] + widths[1] > room() {
      widths[index] = 0
    }
    let room = max(room(), 8)
    if widths[0] + widths[1] > room {
      widths[1] = min(widths[1], max(room / 3, 4))
      widths[0] = max(room - widths[1], 4)
    }
    return widths
  }
}
