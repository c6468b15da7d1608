import ToolboxCore

/// Writes numbers as GNU `numfmt` does, for `format --to`, `--from`, `--format` and `--round`, on exact
/// decimals and in the locale's notation (its decimal separator, and its grouping with `'`).
///
/// numfmt's rules, from coreutils 9.1's `numfmt.c`, each on the exact value instead of a `long double`:
///
/// - input: plain digits with an optional `.` fraction and, with `--from`, one unit suffix (`1.5K`, `2Mi`);
///   without a suffix the fraction digits written are the precision (`1.50` stays `1.50`), with one it is 0;
/// - `--to`: divided by the base while at least the base; below 10 one fraction digit is kept, else none
///   (`1.5K`, `15K`, `150K`); rounded with `--round` (default `from-zero`: `1001` is `1.1K`); a value that
///   rounds up to the base moves to the next unit (`999999` is `1.0M`); a value with no unit below 10 is
///   rounded to one digit first and then written with none, ties to even as printf does (`2.5` is `2`);
/// - `--format` `%.Nf`: N fraction digits, rounded at N (without a unit) or at 3 × the unit's power at most
///   (`%.5f` of 1234 is `1.23400K`);
/// - the unit letter, then `--suffix`, is padded to `--padding` (or the template's width); the template's
///   own text goes around.
struct NumfmtFormatter: Sendable {
  /// The input scale (`--from`).
  let from: NumfmtScale
  /// The output scale (`--to`).
  let to: NumfmtScale
  /// How values are rounded.
  let rounding: RoundingMode
  /// The `--format` template (a plain `%f` without one).
  let template: NumfmtTemplate
  private let data: LocaleNumberData
  private let formatters: [PatternFormatter]

  /// Creates a formatter.
  ///
  /// - Parameters:
  ///   - locale: The locale whose separators and digits are written.
  ///   - from: `--from`.
  ///   - to: `--to` (`auto` is not an output scale).
  ///   - rounding: `--round`.
  ///   - template: `--format`.
  /// - Throws: ``UsageError`` when ICU has no data for the locale.
  init(
    locale: NumberLocale, from: NumfmtScale, to: NumfmtScale, rounding: NumfmtRounding,
    template: NumfmtTemplate
  ) throws(UsageError) {
    guard let data = LocaleNumberData(locale) else {
      throw UsageError(
        "ICU has no decimal format for locale '\(locale.identifier)'", code: "unsupported_style")
    }
    self.data = data
    self.from = from
    self.to = to
    self.rounding = rounding.mode
    self.template = template
    formatters = (0...3).map { Self.formatter(data, fraction: $0, grouping: template.grouping) }
  }

  private static func formatter(_ data: LocaleNumberData, fraction: Int, grouping: Bool)
    -> PatternFormatter
  {
    PatternFormatter(
      data: data, pattern: data.decimalPattern,
      fraction: FractionRange(minimum: fraction, maximum: fraction), rounding: .halfEven,
      grouping: grouping)
  }

  private func formatter(fraction: Int) -> PatternFormatter {
    fraction < formatters.count
      ? formatters[fraction] : Self.formatter(data, fraction: fraction, grouping: template.grouping)
  }

  // MARK: - Reading

  /// Reads a value as numfmt does: plain notation (an exponent too, without `--from`), then with `--from`
  /// one unit suffix.
  ///
  /// - Parameter text: The text.
  /// - Returns: The value and the precision it was written with (0 after a suffix).
  /// - Throws: ``NumberError`` for text that is not a number, a suffix `--from` does not read, or more than
  ///   38 significant digits.
  func read(_ text: String) throws(NumberError) -> (value: ExactDecimal, precision: Int) {
    let trimmed = Self.trimmingBlanks(text)
    var numberEnd = trimmed.startIndex
    var fractionDigits: Int?
    for index in trimmed.indices {
      let character = trimmed[index]
      if character == "-", index == trimmed.startIndex {
      } else if character == "." {
        fractionDigits = fractionDigits == nil ? 0 : fractionDigits
      } else if character.isASCII, character.isWholeNumber {
        if let count = fractionDigits { fractionDigits = count + 1 }
      } else {
        break
      }
      numberEnd = trimmed.index(after: index)
    }
    let number = String(trimmed[..<numberEnd])
    let rest = trimmed[numberEnd...]
    guard let letter = rest.first else {
      return (try ExactDecimal.parse(plain: number), fractionDigits ?? 0)
    }
    guard let power = NumfmtScale.letters.firstIndex(of: letter).map({ $0 + 1 }) else {
      // An exponent without --from (where E is a unit), or not a number at all: the plain reader says.
      if from == .none && (letter == "e" || letter == "E")
        || !number.contains(where: \.isWholeNumber)
      {
        let value = try ExactDecimal.parse(plain: text)
        return (value, value.fractionDigitCount)
      }
      _ = try ExactDecimal.parse(plain: number)
      throw .invalidSuffix(input: text, reason: "'\(rest)' is not a unit")
    }
    let value = try ExactDecimal.parse(plain: number)
    guard let plainBase = from.base else {
      throw .invalidSuffix(
        input: text, reason: "a unit needs --from (si, iec, iec-i or auto)")
    }
    var base = plainBase
    let afterLetter = rest.dropFirst()
    var tail = afterLetter
    if afterLetter.first == "i", from == .auto || from == .iecI {
      base = 1024
      tail = afterLetter.dropFirst()
    } else if from == .iecI {
      throw .invalidSuffix(
        input: text, reason: "--from iec-i needs 'i' after the unit (Ki, Mi, Gi)")
    }
    guard tail.isEmpty else {
      throw .invalidSuffix(input: text, reason: "'\(tail)' after the unit")
    }
    var scaled = value
    for _ in 0..<power { scaled = scaled.multiplied(byUnitBase: base) }
    return (scaled, 0)
  }

  /// The text without spaces and tabs at either end.
  private static func trimmingBlanks(_ text: String) -> Substring {
    var trimmed = Substring(text)
    while trimmed.first == " " || trimmed.first == "\t" { trimmed.removeFirst() }
    while trimmed.last == " " || trimmed.last == "\t" { trimmed.removeLast() }
    return trimmed
  }

  // MARK: - Writing

  /// Formats a text: read, scaled, rounded, written with its unit.
  ///
  /// - Parameter text: The value as given.
  /// - Returns: The value read and the text written (without `--padding` and `--suffix`, which
  ///   ``NumberLayout`` adds, but with the template's zero padding).
  /// - Throws: ``NumberError`` for text that does not read, or a value beyond the largest unit (`Q`).
  func format(_ text: String) throws(NumberError) -> (value: ExactDecimal, text: String) {
    let (value, precision) = try read(text)
    return (value, try write(value, precision: precision, input: text))
  }

  /// Writes a value.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - precision: The fraction digits it was written with (used without `--to` or `%.Nf`).
  ///   - input: The text it came from, for errors.
  /// - Returns: The number and its unit.
  /// - Throws: ``NumberError/outOfRange(input:reason:)`` beyond the largest unit.
  func write(_ value: ExactDecimal, precision: Int, input: String) throws(NumberError) -> String {
    guard let base = to.base, to != .auto else {
      let places = template.precision ?? precision
      return number(value.rounded(toPlace: -places, mode: rounding), fraction: places)
    }
    var scaled = value
    var power = 0
    while !scaled.magnitudeOnly.isLess(than: base) {
      scaled = scaled.divided(byUnitBase: base)
      power += 1
    }
    let places: Int
    if let precision = template.precision {
      places = min(power * 3, precision)
    } else {
      places = scaled.magnitudeOnly.isLess(than: 10) ? 1 : 0
    }
    scaled = scaled.rounded(toPlace: -places, mode: rounding)
    if !scaled.magnitudeOnly.isLess(than: base) {
      scaled = scaled.divided(byUnitBase: base)
      power += 1
    }
    guard power <= NumfmtScale.letters.count else {
      throw .outOfRange(
        input: input, reason: "is beyond the largest unit (Q, \(base == 1000 ? "10^30" : "2^100"))")
    }
    let fraction: Int
    if let precision = template.precision {
      fraction = precision
    } else if !scaled.isZero, scaled.magnitudeOnly.isLess(than: 10), power > 0 {
      fraction = 1
    } else {
      // printf's %.0f of the value rounded to one digit: ties to even, and -0.4 is -0 (the formatter's
      // rounding, which keeps the sign).
      fraction = 0
    }
    var unit = power > 0 ? String(NumfmtScale.letters[power - 1]) : ""
    if to == .iecI, power > 0 { unit += "i" }
    return number(scaled, fraction: fraction) + unit
  }

  /// The number in the locale's notation with a number of fraction digits, zero-padded as the template
  /// says.
  private func number(_ value: ExactDecimal, fraction: Int) -> String {
    let formatter = formatter(fraction: fraction)
    let text = formatter.format(value)
    guard template.zeroPadding, template.width > text.displayWidth else { return text }
    let zeros = String(repeating: String(data.digits[0]), count: template.width - text.displayWidth)
    guard value.isNegative else { return zeros + text }
    let magnitude = formatter.format(value.magnitudeOnly)
    guard text.hasSuffix(magnitude) else { return zeros + text }
    return String(text.dropLast(magnitude.count)) + zeros + magnitude
  }
}

extension ExactDecimal {
  /// Whether the value is below a non-negative integer.
  func isLess(than limit: Int) -> Bool {
    if isNegative { return true }
    let bound = ExactDecimal(
      normalizing: false, Array(String(limit).utf8.map { $0 - 48 }), exponent: 0)
    if isZero { return !bound.isZero }
    if magnitude != bound.magnitude { return magnitude < bound.magnitude }
    for place in stride(from: magnitude, through: min(exponent, bound.exponent), by: -1) {
      let mine = digit(atPlace: place)
      let theirs = bound.digit(atPlace: place)
      if mine != theirs { return mine < theirs }
    }
    return false
  }
}
