import Foundation
import Testing
import ToolboxCore
import ToolboxTerminal
import ToolboxTestSupport

@testable import ToolboxHTTP
@testable import ToolboxSearch

/// The search screen of `toolbox ui`: keys typed into a real screen, searches through the real HTTP
/// helper to a real server on 127.0.0.1, the CLI's cache in a temporary folder, frames drawn on a
/// virtual canvas.
@Suite struct SearchScreenTests {
  /// A session of the screen: a temporary home (cache and config), the config's server and settings.
  struct Session {
    let run: SearchRun
    let configPath: String

    /// - Parameter settings: The `tools.search` section's members after `baseURL` (JSON text).
    init(baseURL: String, settings: String = #""retries":0"#) throws {
      run = try SearchRun()
      configPath = run.cache.path + "/config.json"
      let config = #"{"tools":{"search":{"baseURL":"\#(baseURL)",\#(settings)}}}"#
      try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
    }

    /// A new screen in this session.
    func screen(helper: String = Fixtures.helper) throws -> SearchScreen {
      let client = HelperHTTPClient(
        helperPath: helper, environment: Environment(["PATH": "/usr/bin:/bin"]))
      let runner = ToolboxRunner(
        tools: [SearchTool.self], environment: run.environment, clock: run.clock, http: client)
      var globals = GlobalOptions()
      globals.configPath = configPath
      return SearchScreen(context: try runner.context(for: "search", globals: globals))
    }

    /// Runs the CLI with the same home and config.
    func cli(_ arguments: String...) -> RunResult {
      run.run(["--config", configPath] + arguments)
    }

    func remove() { run.remove() }
  }

  func drawn(_ screen: SearchScreen, width: Int = 80, height: Int = 12) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    screen.draw(into: &canvas, theme: Theme(usesColor: false))
    return canvas
  }

  func rows(_ screen: SearchScreen, width: Int = 80, height: Int = 12) -> [String] {
    drawn(screen, width: width, height: height).text.split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
  }

  func type(_ text: String, into screen: SearchScreen) {
    for character in text { #expect(screen.handle(.character(character)) == .handled()) }
  }

  /// The first column where a row's cells spell `text` (wide characters take two cells).
  func column(of text: String, row: Int, in canvas: Canvas) -> Int? {
    let cells = (0..<canvas.width).map { canvas[row, $0].text }
    for start in 0..<canvas.width {
      var spelled = ""
      var column = start
      while column < canvas.width, spelled.count < text.count {
        spelled += cells[column]
        column += 1
      }
      if spelled == text { return start }
    }
    return nil
  }

  @Test func `the term field has focus when the screen opens, and q is typed into it`() throws {
    let session = try Session(baseURL: "http://127.0.0.1:9")
    defer { session.remove() }
    let screen = try session.screen()
    #expect(screen.hasTextFocus)
    type("q1?", into: screen)
    #expect(screen.field.text == "q1?")
    let shown = rows(screen)
    #expect(shown[0] == "Search: q1?")
    #expect(shown[1] == "media all · entity any · country US · m/n change")
    #expect(shown[3] == "  Type a term and press Enter to search the iTunes Store and App Store.")
    #expect(drawn(screen).cursor?.row == 0)
    #expect(drawn(screen).cursor?.column == 11)
    #expect(screen.handle(.tab) == .ignored)
    #expect(!screen.refresh())
  }

  @Test func `Enter searches as the CLI does and lists the results in aligned columns`() throws {
    let server = try SearchServer.start(.fixture("software.json"))
    let session = try Session(baseURL: server.baseURL)
    defer { server.stop(); session.remove() }
    let screen = try session.screen()
    type("yelp & c++", into: screen)
    #expect(screen.handle(.enter) == .handled(status: "2 results for 'yelp & c++' (all)"))
    #expect(server.targets == ["/search?term=yelp+%26+c%2B%2B&country=US&limit=50"])
    #expect(!screen.hasTextFocus)
    let canvas = drawn(screen)
    let shown = rows(screen)
    #expect(
      shown[2]
        == "  NAME                            ARTIST/DEVELOPER  KIND         PRICE  RATING")
    #expect(
      shown[3]
        == "› Yelp: Food, Delivery & Reviews  Yelp, Inc.        software      Free   ★ 4.7")
    #expect(
      shown[4]
        == "  Pocket Planner Pro              Example Studio    software  4.99 USD   ★ 4.0")
    #expect(shown[11] == "2 results for 'yelp & c++' (all)")
    // The selection: reversed and marked with ›.
    #expect(canvas[3, 0].text == "›")
    #expect(canvas[3, 5].style.reverse)
    #expect(!canvas[4, 5].style.reverse)
    // Narrower: the rating goes, then names and artists are shortened with …, still aligned.
    let narrow = rows(screen, width: 50)
    #expect(narrow[2] == "  NAME                ARTIST/D  KIND         PRICE")
    #expect(narrow[3] == "› Yelp: Food, Deliv…  Yelp, I…  software      Free")
    #expect(narrow[4] == "  Pocket Planner Pro  Example…  software  4.99 USD")
    #expect(rows(screen, width: 36)[3] == "› Yelp: Food, De…  Yelp, …      Free")
    #expect(screen.handle(.character("j")) == .handled())
    #expect(rows(screen)[4].hasPrefix("› Pocket Planner Pro"))
    #expect(drawn(screen)[4, 5].style.reverse)
    #expect(screen.handle(.down) == .handled())
    #expect(screen.selected == 1)
    #expect(screen.handle(.character("k")) == .handled())
    #expect(screen.selected == 0)
  }

  @Test func `Korean names take two columns and the columns stay aligned`() throws {
    let server = try SearchServer.start(.fixture("korean.json"))
    let session = try Session(baseURL: server.baseURL, settings: #""country":"KR","retries":0"#)
    defer { server.stop(); session.remove() }
    let screen = try session.screen()
    type("아이유", into: screen)
    #expect(screen.handle(.enter).isHandled)
    #expect(server.targets == ["/search?term=%EC%95%84%EC%9D%B4%EC%9C%A0&country=KR&limit=50"])
    let canvas = drawn(screen)
    #expect(rows(screen)[1].contains("country KR"))
    #expect(rows(screen)[4].hasPrefix("  밤편지"))
    let artist = column(of: "아이유", row: 3, in: canvas)
    #expect(artist != nil)
    #expect(column(of: "아이유", row: 4, in: canvas) == artist)
    #expect(column(of: "ARTIST/DEVELOPER", row: 2, in: canvas) == artist)
    let kind = column(of: "song", row: 3, in: canvas)
    #expect(kind != nil)
    #expect(column(of: "song", row: 4, in: canvas) == kind)
    #expect(column(of: "KIND", row: 2, in: canvas) == kind)
  }

  @Test func `Enter opens a result with its facts, wrapped description and links; Esc goes back`()
    throws
  {
    let server = try SearchServer.start(.fixture("software.json"))
    let session = try Session(baseURL: server.baseURL)
    defer { server.stop(); session.remove() }
    let screen = try session.screen()
    type("yelp", into: screen)
    #expect(screen.handle(.enter).isHandled)
    #expect(screen.handle(.enter) == .handled())
    #expect(screen.focus == .detail)
    let shown = rows(screen, width: 40, height: 60)
    #expect(shown[0] == "Yelp: Food, Delivery & Reviews")
    #expect(shown[1] == "Yelp, Inc.")
    #expect(shown.contains("Kind       software"))
    #expect(shown.contains("Genre      Travel, Food & Drink"))
    #expect(shown.contains("Released   2008-07-11"))
    #expect(shown.contains("Updated    2024-05-20"))
    #expect(shown.contains("Price      Free"))
    #expect(shown.contains("Rating     ★ 4.7 (1187438 ratings)"))
    #expect(shown.contains("Content    12+"))
    #expect(shown.contains("Version    24.20.0"))
    #expect(shown.contains("Size       258.0 MB"))
    #expect(shown.contains("ID         284910350"))
    // The description, wrapped at spaces to 40 columns.
    let description = try #require(shown.firstIndex(of: "Description"))
    #expect(
      Array(shown[(description + 1)...(description + 3)]) == [
        "Yelp helps you find great local", "businesses.", "From restaurants to plumbers.",
      ])
    #expect(shown.contains("What's new"))
    // Each link whole, on lines of its own.
    let store = try #require(shown.firstIndex(of: "Store page"))
    let artist = try #require(shown.firstIndex(of: "Artist page"))
    #expect(artist == store + 3)
    #expect(shown[store + 1].displayWidth == 40)
    #expect(
      shown[store + 1] + shown[store + 2].dropFirst(2)
        == "  https://apps.apple.com/us/app/yelp-food-delivery-reviews/id284910350?uo=4")
    #expect(shown.contains("Seller site"))
    // Scrolling, then back to the list with the same selection.
    #expect(screen.handle(.down) == .handled())
    #expect(rows(screen, width: 40, height: 10)[0] == "Yelp, Inc.")
    // Paging past the end stops at the last page.
    for _ in 0..<20 { _ = screen.handle(.pageDown) }
    let last = rows(screen, width: 40, height: 10)
    #expect(last[8] == "  https://www.yelp.com/")
    #expect(last[9] == "lines 24–32 of 32 · Esc back")
    #expect(screen.handle(.pageUp) == .handled())
    #expect(screen.handle(.home) == .handled())
    #expect(screen.handle(.down) == .handled())
    #expect(rows(screen, width: 40, height: 10)[9].hasPrefix("lines 2–10 of "))
    #expect(screen.handle(.escape) == .handled())
    #expect(screen.focus == .list)
    #expect(rows(screen)[3].hasPrefix("› Yelp"))
  }

  @Test func `an opened book's HTML description is shown as text`() throws {
    let server = try SearchServer.start(.fixture("ebook.json"))
    let session = try Session(baseURL: server.baseURL)
    defer { server.stop(); session.remove() }
    let screen = try session.screen()
    type("the road", into: screen)
    #expect(screen.handle(.enter).isHandled)
    #expect(screen.handle(.enter) == .handled())
    let shown = rows(screen, width: 60, height: 40)
    let description = try #require(shown.firstIndex(of: "Description"))
    #expect(shown[description + 1] == "WINNER OF THE PULITZER PRIZE")
    #expect(shown[description + 2] == "A father and his son walk alone through burned America.")
    #expect(shown.contains("Genre      Literary Fiction, Books, Fiction & Literature"))
    #expect(shown.contains("Price      $11.99"))
  }

  @Test func `m and n choose media and entity, and the server sees them`() throws {
    let server = try SearchServer.start(.fixture("song.json"))
    let session = try Session(baseURL: server.baseURL)
    defer { server.stop(); session.remove() }
    let screen = try session.screen()
    type("jack johnson", into: screen)
    #expect(screen.handle(.enter).isHandled)
    #expect(
      screen.handle(.character("m"))
        == .handled(status: "media music, entity any — r searches again, / edits the term"))
    #expect(screen.handle(.character("n")).isHandled)
    #expect(screen.entity == "musicArtist")
    #expect(screen.handle(.character("n")).isHandled)
    #expect(screen.entity == "musicTrack")
    #expect(screen.handle(.character("N")).isHandled)
    #expect(rows(screen)[1] == "media music · entity musicArtist · country US · m/n change")
    #expect(
      screen.handle(.character("r"))
        == .handled(status: "2 results for 'jack johnson' (music, musicArtist)"))
    // / edits the term; Enter searches again with the choices.
    #expect(screen.handle(.character("/")) == .handled())
    #expect(screen.hasTextFocus)
    type("!", into: screen)
    #expect(screen.handle(.enter).isHandled)
    #expect(
      server.targets == [
        "/search?term=jack+johnson&country=US&limit=50",
        "/search?term=jack+johnson&country=US&media=music&entity=musicArtist&limit=50",
        "/search?term=jack+johnson%21&country=US&media=music&entity=musicArtist&limit=50",
      ])
    // m cycles every media and comes back to all; the entity is the media's again.
    for _ in SearchScreen.mediaChoices { _ = screen.handle(.character("m")) }
    #expect(screen.media == "music")
    #expect(screen.entity == nil)
    #expect(screen.handle(.character("M")).isHandled)
    #expect(screen.media == "all")
    #expect(
      SearchScreen.mediaChoices.prefix(6) == [
        "all", "music", "software", "ebook", "podcast", "movie",
      ])
  }

  @Test func `nothing matched says so and keeps the field`() throws {
    let server = try SearchServer.start(.fixture("empty.json"))
    let session = try Session(baseURL: server.baseURL)
    defer { server.stop(); session.remove() }
    let screen = try session.screen()
    type("qwxzv", into: screen)
    #expect(screen.handle(.enter) == .handled(status: "Nothing matched 'qwxzv' (all)"))
    #expect(screen.hasTextFocus)
    #expect(
      rows(screen)[3] == "  Nothing matched 'qwxzv' (all). Try other words, or another media (m).")
    #expect(screen.handle(.escape) == .handled())
    #expect(screen.handle(.enter) == .refused(status: "no result to open"))
  }

  @Test func `bad input is refused with the CLI's message, nothing sent`() throws {
    let server = try SearchServer.start(.fixture("song.json"))
    let session = try Session(baseURL: server.baseURL)
    defer { server.stop(); session.remove() }
    let screen = try session.screen()
    type("   ", into: screen)
    #expect(screen.handle(.enter) == .refused(status: "the search term is empty"))
    #expect(screen.handle(.escape) == .handled())
    #expect(screen.handle(.character("r")) == .refused(status: "type a term first"))
    #expect(screen.hasTextFocus)
    #expect(server.targets.isEmpty)
  }

  @Test func `a server that is down, an HTTP error and a missing helper are status lines`() throws {
    let down = try SearchServer.start(.fixture("song.json"))
    let port = down.port
    down.stop()
    usleep(100_000)
    let session = try Session(baseURL: "http://127.0.0.1:\(port)")
    defer { session.remove() }
    let screen = try session.screen()
    type("x", into: screen)
    guard case .refused(let status?) = screen.handle(.enter) else {
      Issue.record("not refused")
      return
    }
    #expect(status.hasPrefix("cannot connect to '127.0.0.1:\(port)'"))
    let shown = rows(screen)
    #expect(shown[3].hasPrefix("  ! cannot connect to '127.0.0.1:\(port)'"))
    // The whole message, wrapped under the field.
    let lines = shown[3...].filter { !$0.isEmpty }.map { $0.dropFirst(2) }
    #expect(lines.joined(separator: " ") == "! " + status)
    #expect(screen.hasTextFocus)

    let failing = try SearchServer.start(.text("<html>oops</html>", status: 500))
    let other = try Session(baseURL: failing.baseURL)
    defer { failing.stop(); other.remove() }
    let second = try other.screen()
    type("x", into: second)
    #expect(
      second.handle(.enter)
        == .refused(
          status: "HTTP 500 (internal server error) from '127.0.0.1:\(failing.port)'"))

    let third = try other.screen(helper: "/nonexistent/toolbox-http")
    type("x", into: third)
    guard case .refused(let message?) = third.handle(.enter) else {
      Issue.record("not refused")
      return
    }
    #expect(!message.isEmpty)
    #expect(failing.targets.count == 1)
  }

  @Test func `rate limiting is handled as the CLI handles it`() throws {
    let server = try SearchServer.start(
      SearchServer.Response(status: 429, headers: ["Retry-After": "120"], body: ""))
    let session = try Session(baseURL: server.baseURL, settings: #""retries":2"#)
    defer { server.stop(); session.remove() }
    let screen = try session.screen()
    type("x", into: screen)
    guard case .refused(let status?) = screen.handle(.enter) else {
      Issue.record("not refused")
      return
    }
    #expect(
      status.hasPrefix(
        "rate limited: HTTP 429 from '127.0.0.1:\(server.port)' asks to wait 120 s, longer than the "
          + "60 s toolbox waits"))
    #expect(server.targets.count == 1)
    #expect(session.run.cacheFiles.isEmpty)
  }

  @Test func `a server that never answers gives up at the CLI's deadline`() throws {
    let server = try SearchServer.start(SearchServer.Response(stall: 10))
    let session = try Session(
      baseURL: server.baseURL, settings: #""retries":0,"timeoutSeconds":0.5"#)
    defer { server.stop(); session.remove() }
    let screen = try session.screen()
    type("x", into: screen)
    let started = Date()
    #expect(
      screen.handle(.enter)
        == .refused(
          status: "timed out: no complete response from '127.0.0.1:\(server.port)' within 0.5 s"))
    #expect(Date().timeIntervalSince(started) < 5)
  }

  @Test func `the same search is served from the CLI's cache with the server stopped`() throws {
    let server = try SearchServer.start(.fixture("song.json"))
    let session = try Session(baseURL: server.baseURL)
    defer { session.remove() }
    // The CLI fills the cache; the screen reads it, as does a second search on the screen.
    #expect(session.cli("search", "better", "together").status == 0)
    let first = try session.screen()
    type("better together", into: first)
    #expect(
      first.handle(.enter)
        == .handled(status: "2 results for 'better together' (all) — from the cache"))
    #expect(server.targets == ["/search?term=better+together&country=US&limit=50"])
    server.stop()
    let screen = try session.screen()
    type("better together", into: screen)
    #expect(
      screen.handle(.enter)
        == .handled(status: "2 results for 'better together' (all) — from the cache"))
    #expect(rows(screen)[3].hasPrefix("› Better Together"))
    #expect(screen.handle(.enter) == .handled())
    #expect(rows(screen, height: 40).contains("(from the cache)"))
    // Another term is not in the cache: the server's absence is a status line, under the results
    // still shown.
    #expect(screen.handle(.escape) == .handled())
    #expect(screen.handle(.character("s")) == .handled())
    type("s", into: screen)
    guard case .refused(let status?) = screen.handle(.enter) else {
      Issue.record("not refused")
      return
    }
    #expect(status.hasPrefix("cannot connect to '127.0.0.1:"))
    #expect(rows(screen)[3].hasPrefix("  Better Together"))
    #expect(rows(screen)[11].hasPrefix("! cannot connect to '127.0.0.1:"))
  }

  @Test func `a fresh search is not marked as cached, and the cache is the CLI's`() throws {
    let server = try SearchServer.start(.fixture("song.json"))
    let session = try Session(baseURL: server.baseURL)
    defer { server.stop(); session.remove() }
    let screen = try session.screen()
    type("better together", into: screen)
    #expect(screen.handle(.enter) == .handled(status: "2 results for 'better together' (all)"))
    #expect(session.run.cacheFiles.count == 1)
    server.stop()
    #expect(session.cli("search", "better", "together").output.hasSuffix("2 results\n"))
  }

  @Test func `PgUp and PgDn move a page, the selection stays in view`() throws {
    let results = (1...30).map {
      #"{"kind":"song","trackId":\#($0),"trackName":"Song \#($0)","artistName":"A","trackPrice":1.29,"currency":"USD"}"#
    }
    let body = #"{"resultCount":30,"results":[\#(results.joined(separator: ","))]}"#
    let server = try SearchServer.start(.text(body, status: 200, type: "text/javascript"))
    let session = try Session(baseURL: server.baseURL)
    defer { server.stop(); session.remove() }
    let screen = try session.screen()
    type("song", into: screen)
    #expect(screen.handle(.enter) == .handled(status: "30 results for 'song' (all)"))
    _ = rows(screen)  // a frame of 12 rows: 8 results a page
    #expect(screen.handle(.pageDown) == .handled())
    #expect(screen.selected == 8)
    let shown = rows(screen)
    #expect(shown[3].hasPrefix("  Song 2 "))
    #expect(shown[10].hasPrefix("› Song 9 "))
    #expect(screen.handle(.end) == .handled())
    #expect(rows(screen)[10].hasPrefix("› Song 30 "))
    #expect(screen.handle(.pageUp) == .handled())
    #expect(screen.selected == 21)
    #expect(screen.handle(.character("g")) == .handled())
    #expect(rows(screen)[3].hasPrefix("› Song 1 "))
    #expect(screen.handle(.pageUp) == .handled())
    #expect(screen.selected == 0)
  }

  @Test func `the keys are listed, the ones that matter primary`() throws {
    let session = try Session(baseURL: "http://127.0.0.1:9")
    defer { session.remove() }
    let screen = try session.screen()
    let keys = screen.keyHelp.map(\.keys)
    for key in ["Enter", "/ s", "m M", "n N", "r", "↑/↓ k/j", "PgUp/PgDn", "Home/End g/G", "Esc"] {
      #expect(keys.contains(key), "\(key)")
    }
    #expect(screen.keyHelp.filter(\.isPrimary).map(\.keys) == ["Enter", "/ s", "m M", "Esc"])
    #expect(SearchTool.screenPosition == 5)
    #expect(screen.title == "search")
  }

  @Test func `descriptions wrap by display width and long words break`() {
    #expect(
      TerminalApp.wrap("아이유 밤편지 Blueming", width: 10) == ["아이유", "밤편지", "Blueming"])
    #expect(TerminalApp.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(TerminalApp.wrap("", width: 4) == [""])
    #expect(SearchScreen.paragraphs(of: "a &amp; b<p>c</p>\n\n\nd") == ["a & b", "c", "", "d"])
    #expect(SearchScreen.duration(207_679) == "3:27")
    #expect(SearchScreen.duration(3_723_000) == "1:02:03")
    #expect(SearchScreen.size(1_011_283) == "1.0 MB")
  }
}

extension ScreenResponse {
  var isHandled: Bool {
    if case .handled = self { return true }
    return false
  }
}
