import Testing
import ToolboxCore
import ToolboxTerminal
import ToolboxTestSupport

@testable import ToolboxNumber

/// The number screen of `toolbox ui`: typing, the cursor after each key, refusals, the digit limit, each
/// locale's grouping and the drawn lines, on a virtual canvas.
@Suite struct NumberScreenTests {
  func makeScreen(_ identifier: String = "en_US") throws -> NumberScreen {
    guard case .success(let locale) = NumberLocale.resolve(identifier) else {
      throw TestFailure("unknown locale \(identifier)")
    }
    return NumberScreen(locale: locale)
  }

  struct TestFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }

  /// Types each character and returns the field's text with `|` at the cursor after each key.
  func type(_ text: String, into screen: NumberScreen) -> [String] {
    text.map { character in
      #expect(screen.handle(.character(character)) == .handled(), "'\(character)'")
      return shown(screen)
    }
  }

  /// The field's text with `|` at the cursor.
  func shown(_ screen: NumberScreen) -> String {
    var characters = screen.field.characters
    characters.insert("|", at: screen.field.cursor)
    return String(characters)
  }

  @Test func `grouping appears as you type, the cursor after the digit just typed`() throws {
    let screen = try makeScreen()
    #expect(
      type("1234567.891", into: screen) == [
        "1|", "12|", "123|", "1,234|", "12,345|", "123,456|", "1,234,567|", "1,234,567.|",
        "1,234,567.8|", "1,234,567.89|", "1,234,567.891|",
      ])
    #expect(screen.entry.text == "1234567.891")
  }

  @Test(arguments: [
    ("en_US", "1234567", "1,234,567"), ("de_DE", "1234567", "1.234.567"),
    ("hi_IN", "1234567", "12,34,567"), ("fr_FR", "1234567", "1\u{202F}234\u{202F}567"),
    ("de_CH", "1234567", "1’234’567"), ("ko_KR", "1234567", "1,234,567"),
    ("ar_EG", "1234567", "١٬٢٣٤٬٥٦٧"), ("es_ES", "1234", "1234"), ("es_ES", "12345", "12.345"),
    ("de_DE", "1234,5", "1.234,5"), ("ar_EG", "12٫5", "١٢٫٥"), ("ar_EG", "12.5", "١٢٫٥"),
    ("ar_EG", "-1234", "\u{061C}-١٬٢٣٤"), ("en_US", "-1234.50", "-1,234.50"),
    ("hi_IN", "-12345678.9", "-1,23,45,678.9"),
  ])
  func `each locale's grouping and decimal separator`(
    locale: String, typed: String, expected: String
  ) throws {
    let screen = try makeScreen(locale)
    _ = type(typed, into: screen)
    #expect(screen.field.text == expected)
    #expect(screen.field.cursor == screen.field.characters.count)
  }

  @Test func `typing in the middle keeps the cursor after the typed digit`() throws {
    let screen = try makeScreen()
    _ = type("1234", into: screen)
    // 1,2|34 → type 9: 12,9|34
    #expect(screen.handle(.left) == .handled())
    #expect(screen.handle(.left) == .handled())
    #expect(shown(screen) == "1,2|34")
    #expect(screen.handle(.character("9")) == .handled())
    #expect(shown(screen) == "12,9|34")
    // Home, then 5: a separator appears after the cursor.
    #expect(screen.handle(.home) == .handled())
    #expect(screen.handle(.character("5")) == .handled())
    #expect(shown(screen) == "5|12,934" || shown(screen) == "5|1,2934")
    #expect(screen.field.text == "512,934")
    #expect(shown(screen) == "5|12,934")
  }

  @Test func `backspace in the middle deletes the digit, not the separator`() throws {
    let screen = try makeScreen()
    _ = type("1234567", into: screen)
    // 1,234,|567: the character before the cursor is a separator; backspace deletes the 4.
    for _ in 0..<3 { _ = screen.handle(.left) }
    #expect(shown(screen) == "1,234,|567")
    #expect(screen.handle(.backspace) == .handled())
    #expect(shown(screen) == "123|,567")
    #expect(screen.handle(.backspace) == .handled())
    #expect(shown(screen) == "12|,567")
    #expect(screen.handle(.delete) == .handled())
    #expect(shown(screen) == "1,2|67")
    #expect(screen.entry.text == "1267")
    #expect(screen.handle(.end) == .handled())
    for _ in 0..<4 { #expect(screen.handle(.backspace) == .handled()) }
    #expect(shown(screen) == "|")
    #expect(screen.handle(.backspace) == .handled())
    #expect(shown(screen) == "|")
  }

  @Test func `keys that cannot be part of a number are refused and not inserted`() throws {
    let screen = try makeScreen()
    _ = type("12.5", into: screen)
    // (q and ? are the app's keys: ignored, see `the screen's metadata`.)
    for key in ["a", "x", " ", ",", "e", "€", "-", "."] {
      guard case .refused = screen.handle(.character(Character(key))) else {
        Issue.record("'\(key)' was not refused")
        continue
      }
      #expect(screen.field.text == "12.5", "'\(key)'")
    }
    // de_DE: '.' is the grouping separator, ',' the decimal one.
    let german = try makeScreen("de_DE")
    _ = type("12", into: german)
    guard case .refused = german.handle(.character(".")) else {
      Issue.record("'.' accepted in de_DE")
      return
    }
    #expect(german.handle(.character(",")) == .handled())
    #expect(shown(german) == "12,|")
  }

  @Test func `a sign only at the start, a zero before a leading point, no leading zeros`() throws {
    let screen = try makeScreen()
    #expect(type("-", into: screen) == ["-|"])
    #expect(type(".5", into: screen) == ["-0.|", "-0.5|"])
    #expect(screen.entry.text == "-0.5")
    let zeros = try makeScreen()
    #expect(type("007", into: zeros) == ["0|", "0|", "7|"])
    _ = zeros.handle(.home)
    #expect(zeros.handle(.character("-")) == .handled())
    #expect(shown(zeros) == "-|7")
  }

  @Test func `at most 38 significant digits`() throws {
    let screen = try makeScreen()
    let digits = String(repeating: "9", count: 38)
    _ = type(digits, into: screen)
    #expect(screen.entry.text == digits)
    guard case .refused = screen.handle(.character("1")) else {
      Issue.record("a 39th digit was accepted")
      return
    }
    #expect(screen.entry.text == digits)
    // Zeros before the first significant digit do not count.
    let small = try makeScreen()
    _ = type(
      "0." + String(repeating: "0", count: 10) + String(repeating: "1", count: 38), into: small)
    #expect(small.entry.value?.digits.count == 38)
  }

  @Test func `paste: grouping separators and spaces skipped, anything else refused`() throws {
    let screen = try makeScreen()
    #expect(screen.handle(.paste("1,234,567.5")) == .handled())
    #expect(shown(screen) == "1,234,567.5|")
    guard case .refused = screen.handle(.paste("12abc")) else {
      Issue.record("'12abc' pasted")
      return
    }
    #expect(screen.field.text == "1,234,567.5")
    _ = screen.handle(.home)
    #expect(screen.handle(.paste("98")) == .handled())
    #expect(shown(screen) == "98|1,234,567.5")
    let french = try makeScreen("fr_FR")
    #expect(french.handle(.paste("1 234 567,89")) == .handled())
    #expect(french.field.text == "1\u{202F}234\u{202F}567,89")
  }

  @Test func `up and down change the field's locale, the cursor after the same digit`() throws {
    let screen = try makeScreen()
    _ = type("1234567", into: screen)
    for _ in 0..<2 { _ = screen.handle(.left) }
    #expect(shown(screen) == "1,234,5|67")
    #expect(screen.handle(.down) == .handled(status: "locale de_DE"))
    #expect(shown(screen) == "1.234.5|67")
    #expect(screen.locales.map(\.identifier).prefix(3) == ["en_US", "de_DE", "fr_FR"])
    let hindi = screen.locales.firstIndex { $0.identifier == "hi_IN" }
    while screen.locale.identifier != "hi_IN" { _ = screen.handle(.down) }
    #expect(hindi != nil)
    #expect(shown(screen) == "12,34,5|67")
    _ = screen.handle(.up)
    #expect(screen.locale.identifier == "de_CH")
    // Up from the first locale goes to the last.
    let first = try makeScreen("ko_KR")
    #expect(first.locales.first?.identifier == "ko_KR")
    _ = first.handle(.up)
    #expect(first.locale.identifier == first.locales.last?.identifier)
  }

  @Test func `the lines are the CLI's text for each style and locale`() throws {
    let screen = try makeScreen()
    _ = screen.handle(.paste("123456789.5"))
    let lines = Dictionary(uniqueKeysWithValues: screen.lines().map { ($0.label, $0.text) })
    let runner = ToolboxRunner(tools: [NumberTool.self])
    for (label, arguments) in [
      ("decimal", ["--locale", "en_US"]), ("percent", ["--locale", "en_US", "--style", "percent"]),
      ("currency", ["--locale", "en_US", "--style", "currency"]),
      ("compact", ["--locale", "en_US", "--style", "compact"]),
      ("ko_KR myriad", ["--locale", "ko_KR", "--style", "myriad"]),
      ("de_DE", ["--locale", "de_DE"]), ("hi_IN", ["--locale", "hi_IN"]),
      ("ar_EG", ["--locale", "ar_EG"]),
    ] {
      let cli = runner.run(
        ["number", "convert", "123456789.5", "--from", "en_US", "--to"] + arguments.dropFirst())
      #expect(cli.status == 0, "\(label): \(cli.error)")
      #expect(lines[label].map { $0 + "\n" } == cli.output, "\(label)")
    }
    #expect(lines["ko_KR myriad"] == "1억 2345만 6789.5")
  }

  @Test func `drawn: the field, its cursor, and aligned lines with Korean text`() throws {
    let screen = try makeScreen("ko_KR")
    _ = screen.handle(.paste("123456789"))
    var canvas = Canvas(width: 60, height: 24)
    screen.draw(into: &canvas, theme: Theme(usesColor: false))
    #expect(canvas.text(ofRow: 0) == "ko_KR         123,456,789")
    #expect(canvas.cursor?.row == 0)
    #expect(canvas.cursor?.column == 14 + 11)
    let rows = (0..<canvas.height).map { canvas.text(ofRow: $0) }
    #expect(rows.contains("decimal       123,456,789"))
    #expect(rows.contains("myriad        1억 2345만 6789"))
    #expect(rows.contains("won           123,456,789원"))
    #expect(rows.contains("ja_JP         123,456,789"))
    // Two-column Hangul: the text after it starts at the same column on every row.
    let myriadRow = try #require(rows.firstIndex(of: "myriad        1억 2345만 6789"))
    #expect(canvas[myriadRow, 15].text == "억")
    #expect(canvas[myriadRow, 16].isContinuation)
    #expect(canvas[myriadRow, 17].text == " ")
    // Empty: a line says what to type.
    let empty = try makeScreen("de_DE")
    var blank = Canvas(width: 80, height: 10)
    empty.draw(into: &blank, theme: Theme(usesColor: false))
    #expect(blank.text(ofRow: 3).hasPrefix("Type a number: digits, ',' for the fraction"))
    #expect(blank.cursor?.column == 14)
  }

  @Test func `the screen's metadata`() throws {
    let screen = try makeScreen()
    // q and ? are never part of a number: the app's keys (quit, the keys), as on every screen.
    #expect(!screen.hasTextFocus)
    #expect(screen.handle(.character("q")) == .ignored)
    #expect(screen.handle(.character("?")) == .ignored)
    #expect(screen.title == "number")
    #expect(NumberTool.screenPosition == 4)
    #expect(screen.keyHelp.contains { $0.keys == "↑/↓" })
    #expect(screen.keyHelp.contains { $0.keys.contains("Backspace") })
    #expect(screen.handle(.tab) == .ignored)
    #expect(screen.refresh() == false)
  }
}
