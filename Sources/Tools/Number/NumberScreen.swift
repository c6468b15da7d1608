import ToolboxCore
import ToolboxTerminal

/// The number screen of `toolbox ui` (issue 28; the seed app's LocalizedNumberField): one field that
/// formats as you type in a locale, and the same value below it in that locale's styles and in other
/// locales, each written by the CLI's own formatters.
///
/// The field always has focus. Digits, the locale's decimal separator and a minus sign are typed into it;
/// grouping separators appear as you type (`1234567` shows `1,234,567`; de_DE `1.234.567`; hi_IN
/// `12,34,567`) and the cursor stays after the digit just typed (``NumberEntry`` holds the digits and the
/// cursor among them; ``NumberFieldNotation`` shows them). Any other key is refused; a paste may contain
/// grouping separators and spaces. `↑`/`↓` choose the field's locale from ``locales``.
final class NumberScreen: Screen {
  let title = "number"
  /// The locales `↑`/`↓` choose from, the first one the context's.
  let locales: [NumberLocale]
  /// The field's locale: an index into ``locales``.
  private(set) var localeIndex = 0
  /// What is typed.
  private(set) var entry = NumberEntry()
  /// The field as shown.
  private(set) var field = TextField()
  private var notations: [String: NumberFieldNotation] = [:]
  private var formatters: [String: Result<LocalizedNumberFormatter, UsageError>] = [:]

  /// The locales people compare most: Latin digits with every grouping style, lakh grouping, myriad
  /// units, Arabic-Indic digits.
  static let defaultLocales = [
    "en_US", "de_DE", "fr_FR", "de_CH", "hi_IN", "ko_KR", "ja_JP", "zh_TW", "ar_EG", "es_ES",
  ]

  /// The styles shown under the field, for its locale (myriad and won where they apply).
  static let styles: [NumberStyle] = [
    .decimal, .percent, .currency, .scientific, .compact, .myriad, .won, .spellout,
  ]

  /// Creates the screen.
  ///
  /// - Parameter locale: The field's first locale (the context's); the other locales follow it.
  init(locale: NumberLocale) {
    var locales = [locale]
    for identifier in Self.defaultLocales where identifier != locale.identifier {
      if case .success(let other) = NumberLocale.resolve(identifier) { locales.append(other) }
    }
    self.locales = locales
    reformat()
  }

  /// Creates the screen in the context's numeric locale (`--locale`, config, `LC_NUMERIC`…).
  ///
  /// - Throws: ``UsageError`` or ``ConfigError`` for a locale that does not resolve.
  convenience init(context: ToolContext) throws {
    self.init(locale: try NumberLocale.resolve(context.localeSetting(for: .numeric)))
  }

  /// The field's locale.
  var locale: NumberLocale { locales[localeIndex] }

  /// The field always takes what can be part of a number; `q` and `?` never can, so they quit and show the
  /// keys here as on the other screens (they come back `.ignored`).
  var hasTextFocus: Bool { false }

  var keyHelp: [KeyHelp] {
    [
      KeyHelp("0–9 . , -", "type a number (grouping appears as you type)", primary: true),
      KeyHelp("↑/↓", "the field's locale", primary: true),
      KeyHelp("←/→ Home/End", "move in the field"),
      KeyHelp("Backspace Delete", "delete the digit before/after the cursor"),
      KeyHelp("Ctrl-U Ctrl-K", "delete before/after the cursor"),
      KeyHelp("Esc", "clear the field", primary: true),
    ]
  }

  func refresh() -> Bool { false }

  // MARK: - Keys

  func handle(_ key: Key) -> ScreenResponse {
    switch key {
    case .up, .down:
      guard locales.count > 1 else { return .handled() }
      let step = key == .up ? -1 : 1
      localeIndex = (localeIndex + step + locales.count) % locales.count
      reformat()
      return .handled(status: "locale \(locale.identifier)")
    case .escape:
      entry = NumberEntry()
      reformat()
      return .handled()
    case .character("q"), .character("?"):
      return .ignored
    case .character(let character):
      guard let raw = notation(locale)?.rawCharacter(character) else {
        return .refused(status: "'\(character)' is not part of a number in \(locale.identifier)")
      }
      return insert([raw])
    case .paste(let text):
      guard let raw = notation(locale)?.rawCharacters(pasted: text) else {
        return .refused(status: "the pasted text is not a number")
      }
      return insert(raw)
    case .backspace:
      syncCursor()
      guard entry.cursor > 0 else { return .handled() }
      entry.delete((entry.cursor - 1)..<entry.cursor)
      reformat()
      return .handled()
    case .delete, .control("d"):
      syncCursor()
      entry.delete(entry.cursor..<(entry.cursor + 1))
      reformat()
      return .handled()
    case .control("u"), .control("w"):
      syncCursor()
      entry.delete(0..<entry.cursor)
      reformat()
      return .handled()
    case .control("k"):
      syncCursor()
      entry.delete(entry.cursor..<entry.characters.count)
      reformat()
      return .handled()
    case .left, .right, .home, .end, .control("a"), .control("e"):
      _ = field.handle(key)
      syncCursor()
      return .handled()
    default:
      return .ignored
    }
  }

  private func insert(_ raw: [Character]) -> ScreenResponse {
    syncCursor()
    guard entry.insert(raw) else {
      return .refused(
        status: "a number has one sign, one decimal separator and at most "
          + "\(ExactDecimal.maximumSignificantDigits) significant digits")
    }
    reformat()
    return .handled()
  }

  /// The entry's cursor from the field's (after a move).
  private func syncCursor() {
    guard let notation = notation(locale) else { return }
    entry.moveCursor(
      to: notation.entryCursor(forFieldCursor: field.cursor, text: field.characters))
  }

  /// The field shown from the entry in the field's locale, the cursor after the same entry characters.
  private func reformat() {
    guard let notation = notation(locale) else {
      field.text = entry.text
      return
    }
    let (text, after) = notation.show(entry)
    field.text = String(text)
    field.cursor = notation.fieldCursor(for: entry, after: after)
  }

  private func notation(_ locale: NumberLocale) -> NumberFieldNotation? {
    if let notation = notations[locale.identifier] { return notation }
    guard let notation = try? NumberFieldNotation(locale: locale) else { return nil }
    notations[locale.identifier] = notation
    return notation
  }

  // MARK: - Lines

  /// The lines under the field: a label and the value written by the CLI's formatter (every digit, as
  /// `number convert` writes it), or why a style cannot write it.
  func lines() -> [(label: String, text: String)] {
    guard let value = entry.value else { return [] }
    var lines: [(String, String)] = []
    for style in Self.styles {
      if style == .myriad, LocalizedNumberFormatter.myriadScript(locale) == nil { continue }
      if style == .won, locale.languageCode != "ko" { continue }
      lines.append((style.rawValue, text(value, locale: locale, style: style)))
    }
    if locale.languageCode != "ko", let korean = locales.first(where: { $0.languageCode == "ko" }) {
      lines.append(("\(korean.identifier) myriad", text(value, locale: korean, style: .myriad)))
    }
    lines.append(("", ""))
    for other in locales where other.identifier != locale.identifier {
      lines.append((other.identifier, text(value, locale: other, style: .decimal)))
    }
    return lines
  }

  private func text(_ value: ExactDecimal, locale: NumberLocale, style: NumberStyle) -> String {
    let key = locale.identifier + " " + style.rawValue
    let formatter: Result<LocalizedNumberFormatter, UsageError>
    if let made = formatters[key] {
      formatter = made
    } else {
      var options = FormatOptions()
      options.style = style
      options.keepsDigits = true
      formatter = Result { () throws(UsageError) in
        try LocalizedNumberFormatter(locale: locale, options: options)
      }
      formatters[key] = formatter
    }
    switch formatter {
    case .failure(let error):
      return "— " + error.message
    case .success(let formatter):
      do throws(NumberError) {
        return try formatter.string(for: value, input: value.description)
      } catch {
        return "— " + error.description
      }
    }
  }

  // MARK: - Drawing

  /// The label column's width.
  static let labelWidth = 14

  func draw(into canvas: inout Canvas, theme: Theme) {
    let label = locale.identifier
    let fieldColumn = max(label.displayWidth, Self.labelWidth - 1) + 1
    canvas.put(label, row: 0, column: 0, style: CellStyle(bold: true))
    field.draw(
      into: &canvas, row: 0, column: fieldColumn, width: max(0, canvas.width - fieldColumn),
      style: CellStyle(underline: true), focused: true)
    let hint = "↑/↓ locale (\(localeIndex + 1)/\(locales.count))  Esc clear"
    canvas.put(hint, row: 1, column: fieldColumn, style: CellStyle(dim: true))
    let rows = lines()
    if rows.isEmpty {
      canvas.put(
        "Type a number: digits, '\(decimalKeyName)' for the fraction, '-' for negative.", row: 3,
        column: 0, style: CellStyle(dim: true))
      return
    }
    for (offset, line) in rows.enumerated() {
      let row = 3 + offset
      guard row < canvas.height else { break }
      canvas.put(
        line.label, row: row, column: 0, style: CellStyle(dim: true), limit: fieldColumn - 1)
      canvas.put(line.text, row: row, column: fieldColumn)
    }
  }

  private var decimalKeyName: String { notation(locale)?.decimalSeparator ?? "." }
}

extension NumberTool: ScreenProvider {
  public static var screenPosition: Int { 4 }

  public static func makeScreen(context: ToolContext) throws -> any Screen {
    try NumberScreen(context: context)
  }
}
