import ToolboxCore

/// How the number screen's field shows a ``NumberEntry`` in one locale, and reads keys typed into it: the
/// integer part written by the CLI's own formatter (``LocalizedNumberFormatter``, decimal style, so the
/// grouping is exactly `number format`'s: `1,234,567`, `1.234.567`, `12,34,567`), then the locale's decimal
/// separator and the fraction digits as typed (`1,234.50` while typing), in the locale's digits, with the
/// locale's sign around it.
struct NumberFieldNotation: Sendable {
  /// The locale.
  let locale: NumberLocale
  private let formatter: LocalizedNumberFormatter
  private let digits: [Character]
  private let decimal: String
  private let grouping: String
  private let negativePrefix: String
  private let negativeSuffix: String
  private let minusCharacters: Set<Character>

  /// Creates the notation of a locale.
  ///
  /// - Throws: ``UsageError`` when ICU has no decimal format for the locale.
  init(locale: NumberLocale) throws(UsageError) {
    self.locale = locale
    var options = FormatOptions()
    options.fraction = FractionRange(minimum: 0, maximum: 0)
    formatter = try LocalizedNumberFormatter(locale: locale, options: options)
    guard let data = LocaleNumberData(locale) else {
      throw UsageError(
        "ICU has no decimal format for locale '\(locale.identifier)'", code: "unsupported_style")
    }
    digits = data.digits.map { Character($0) }
    decimal = data.decimal
    grouping = data.grouping
    // The sign as the formatter writes it around a number: -1 against 1.
    let one =
      (try? formatter.string(for: ExactDecimal(normalizing: false, [1], exponent: 0), input: "1"))
      ?? "1"
    let minusOne =
      (try? formatter.string(for: ExactDecimal(normalizing: true, [1], exponent: 0), input: "-1"))
      ?? "-1"
    let characters = Array(minusOne)
    let oneCharacters = Array(one)
    let start = characters.indices.first { index in
      characters[index...].starts(with: oneCharacters)
    }
    if let start {
      negativePrefix = String(characters[..<start])
      negativeSuffix = String(characters[(start + oneCharacters.count)...])
    } else {
      negativePrefix = data.minus
      negativeSuffix = ""
    }
    minusCharacters = Set(
      data.minus.filter {
        !$0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .format }
      }
        + ["-", "−"])
  }

  /// The locale's decimal separator.
  var decimalSeparator: String { decimal }

  // MARK: - Showing

  /// The entry in the locale's notation, and for each of its characters the position just after it in
  /// that text (so that the cursor can be put after the digit just typed).
  func show(_ entry: NumberEntry) -> (text: [Character], after: [Int]) {
    var body = ""
    let integer = entry.integerDigits
    if !integer.isEmpty {
      let value = ExactDecimal(
        normalizing: false, integer.compactMap { $0.wholeNumberValue.map(UInt8.init) }, exponent: 0)
      body = (try? formatter.string(for: value, input: String(integer))) ?? String(integer)
    }
    if entry.hasPoint {
      body += decimal
      for digit in entry.fractionDigits { body += String(localDigit(digit)) }
    }
    let text = Array(entry.isNegative ? negativePrefix + body + negativeSuffix : body)
    var after: [Int] = []
    for (index, character) in text.enumerated() where rawCharacter(character) != nil {
      after.append(index + 1)
    }
    return (text, after)
  }

  /// Where the field's cursor goes for an entry's cursor: after the same number of the entry's
  /// characters (at the start for none).
  func fieldCursor(for entry: NumberEntry, after: [Int]) -> Int {
    guard entry.cursor > 0, after.count == entry.characters.count else {
      return entry.cursor == 0 ? 0 : (after.last ?? 0)
    }
    return after[entry.cursor - 1]
  }

  /// How many of the entry's characters are before a position of the field's text.
  func entryCursor(forFieldCursor cursor: Int, text: [Character]) -> Int {
    text.prefix(cursor).reduce(0) { $0 + (rawCharacter($1) == nil ? 0 : 1) }
  }

  private func localDigit(_ digit: Character) -> Character {
    guard let value = digit.wholeNumberValue, value < digits.count else { return digit }
    return digits[value]
  }

  // MARK: - Reading

  /// The entry's character for a character of the field's text or a key: a digit (ASCII or the
  /// locale's), the decimal point (the locale's separator, and `.` where it is not the grouping
  /// separator), the minus sign; `nil` for anything else.
  func rawCharacter(_ character: Character) -> Character? {
    if let index = digits.firstIndex(of: character) { return Character(String(index)) }
    if character.isASCII, character.isWholeNumber { return character }
    if String(character) == decimal || (character == "." && grouping != ".") { return "." }
    if minusCharacters.contains(character) { return "-" }
    return nil
  }

  /// The entry's characters for pasted text: grouping separators, spaces and bidi marks are skipped
  /// (the field groups by itself); `nil` if any other character is not part of a number.
  func rawCharacters(pasted text: String) -> [Character]? {
    var result: [Character] = []
    for character in text {
      if let raw = rawCharacter(character) {
        result.append(raw)
      } else if String(character) == grouping || character.isWhitespace || character == "'"
        || character == "’"
        || character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .format })
      {
        continue
      } else {
        return nil
      }
    }
    return result
  }
}
