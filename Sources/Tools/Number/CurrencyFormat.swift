/// How ICU writes amounts of one currency in one locale, read from ICU's own output: the text before and
/// after the number for positive and negative amounts (symbol, spacing, sign and bidi marks included), the
/// decimal and grouping separators, and the grouping sizes.
///
/// The currency pattern and the locale's symbols are not the whole story: ICU applies CLDR's
/// currency-specific symbols (PTE and CVE write `$` before the fraction), currency spacing (`CHF 12.00`,
/// `RM12.00`), and the toolchain's ICU its own currency-specific formats (en_150 writes EUR as
/// `1.234,56 €`, en_AL as `€1 234,56`), none of which ICU's C API exposes. So the formatter reads them from
/// amounts ICU formats once, when it is created, with the skeleton `currency/XXX` — the format toolbox
/// compares itself with for every ISO code in every locale.
struct CurrencyFormat: Sendable, Equatable {
  var positivePrefix: String
  var positiveSuffix: String
  var negativePrefix: String
  var negativeSuffix: String
  /// The decimal separator of amounts.
  var decimal: String
  /// The grouping separator of amounts ("" when the locale does not group).
  var grouping: String
  /// Digits in the group nearest the decimal separator (0: no grouping).
  var primaryGrouping: Int
  /// Digits in each further group.
  var secondaryGrouping: Int
  /// Digits a number must have before its first group is separated beyond the primary size.
  var minimumGroupingDigits: Int

  /// Reads the format from ICU.
  ///
  /// - Parameters:
  ///   - code: The ISO 4217 code.
  ///   - identifier: The locale's ICU identifier.
  ///   - digits: The locale's digits 0–9, to tell the number from the text around it.
  /// - Returns: `nil` if ICU cannot format the currency or writes something this reading does not
  ///   understand; the formatter then builds the amount from the locale's pattern.
  init?(code: String, locale identifier: String, digits: [Unicode.Scalar]) {
    guard
      let formatter = ICUSkeletonFormatter(skeleton: "currency/\(code) .00", locale: identifier),
      let positive = formatter.format(decimal: "1234567890.12"),
      let negative = formatter.format(decimal: "-1234567890.12")
    else { return nil }
    let digitSet = Set(digits)
    guard let plus = CurrencyFormat.split(positive, digitSet),
      let minus = CurrencyFormat.split(negative, digitSet),
      plus.body == minus.body
    else { return nil }
    // The body is 1,234,567,890.12 in the locale's digits and separators: runs of digits between them.
    var runs: [Int] = [0]
    var separators: [String] = []
    var separator = ""
    for scalar in plus.body {
      if digitSet.contains(scalar) {
        if !separator.isEmpty {
          separators.append(separator)
          separator = ""
          runs.append(0)
        }
        runs[runs.count - 1] += 1
      } else {
        separator.unicodeScalars.append(scalar)
      }
    }
    guard let decimal = separators.last, runs.last == 2, runs.reduce(0, +) == 12 else { return nil }
    let groupings = Set(separators.dropLast())
    guard groupings.count <= 1, !groupings.contains(decimal) else { return nil }
    self.decimal = decimal
    grouping = groupings.first ?? ""
    let integerRuns = runs.dropLast()
    let primary = integerRuns.count >= 2 ? integerRuns[integerRuns.count - 1] : 0
    let secondary = integerRuns.count >= 3 ? integerRuns[integerRuns.count - 2] : primary
    guard primary == 0 || integerRuns.dropFirst().dropLast().allSatisfy({ $0 == secondary }) else {
      return nil
    }
    primaryGrouping = primary
    secondaryGrouping = secondary
    // The fewest digits beyond the primary group that ICU separates: 1234 grouped is 1, only from 12345
    // is 2 (es_ES), only from 123456 is 3 (ee_GH).
    var minimum = 1
    if primary > 0 {
      for extra in 1...4 {
        let integer = "1" + String(repeating: "2", count: primary + extra - 1)
        guard let text = formatter.format(decimal: integer + ".12") else { return nil }
        minimum = extra
        if CurrencyFormat.isGrouped(text, digitSet, decimal: decimal) { break }
      }
    }
    minimumGroupingDigits = minimum
    positivePrefix = plus.prefix
    positiveSuffix = plus.suffix
    negativePrefix = minus.prefix
    negativeSuffix = minus.suffix
  }

  /// Whether an amount has a grouping separator.
  private static func isGrouped(_ text: String, _ digits: Set<Unicode.Scalar>, decimal: String)
    -> Bool
  {
    split(text, digits)?.body.contains { !digits.contains($0) && String($0) != decimal } ?? false
  }

  /// The text before the first digit, from the first to the last digit, and after the last digit.
  private static func split(_ text: String, _ digits: Set<Unicode.Scalar>) -> (
    prefix: String, body: [Unicode.Scalar], suffix: String
  )? {
    let scalars = Array(text.unicodeScalars)
    guard let first = scalars.firstIndex(where: digits.contains),
      let last = scalars.lastIndex(where: digits.contains)
    else { return nil }
    return (
      String(String.UnicodeScalarView(scalars[..<first])), Array(scalars[first...last]),
      String(String.UnicodeScalarView(scalars[(last + 1)...]))
    )
  }
}
