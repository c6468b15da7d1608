/// A CLDR/ICU number pattern taken apart: `#,##0.###`, `#,##,##0.###` (lakh), `¤ #,##0.00;¤-#,##0.00`,
/// `#,##0 %`, `[#E0]`.
///
/// Only what formatting needs is kept: the affixes around the number for positive and negative values, the
/// grouping sizes, the integer and fraction digit counts, and the exponent's form.
struct NumberPattern: Sendable, Equatable {
  /// One piece of a prefix or suffix.
  enum AffixPart: Sendable, Equatable {
    /// Text written as it is.
    case literal(String)
    /// The locale's minus sign (`-` in a pattern).
    case minus
    /// The locale's plus sign (`+`).
    case plus
    /// The locale's percent sign (`%`).
    case percent
    /// The locale's per-mille sign (`‰`).
    case perMille
    /// The currency: symbol (`¤`), ISO code (`¤¤`) or name (`¤¤¤`, written as the code).
    case currency(width: Int)
  }

  /// Affix of positive values before the number.
  var positivePrefix: [AffixPart] = []
  /// Affix of positive values after the number.
  var positiveSuffix: [AffixPart] = []
  /// Affix of negative values before the number (ICU's implicit form: minus, then the positive prefix).
  var negativePrefix: [AffixPart] = [.minus]
  /// Affix of negative values after the number.
  var negativeSuffix: [AffixPart] = []
  /// Digits in the group nearest the decimal separator (3; 0 when the pattern does not group).
  var primaryGrouping = 0
  /// Digits in each further group (2 for lakh grouping; otherwise the primary size).
  var secondaryGrouping = 0
  /// Integer digits always written (`0` in `#,##0`).
  var minimumIntegerDigits = 1
  /// Fraction digits always written.
  var minimumFractionDigits = 0
  /// Fraction digits written at most.
  var maximumFractionDigits = 0
  /// Whether the pattern is scientific (`#E0`).
  var hasExponent = false
  /// Exponent digits always written (`000` in `E+000`).
  var minimumExponentDigits = 1
  /// Whether a positive exponent has a plus sign (`E+0`).
  var exponentShowsPlus = false

  /// Reads a pattern.
  ///
  /// - Parameter pattern: ICU pattern syntax, as `unum_toPattern` returns it.
  init(_ pattern: String) {
    let subpatterns = Self.split(pattern)
    let positive = Self.parseSubpattern(subpatterns.first ?? [])
    positivePrefix = positive.prefix
    positiveSuffix = positive.suffix
    if subpatterns.count > 1 {
      let negative = Self.parseSubpattern(subpatterns[1])
      negativePrefix = negative.prefix
      negativeSuffix = negative.suffix
    } else {
      negativePrefix = [.minus] + positive.prefix
      negativeSuffix = positive.suffix
    }
    readNumber(positive.number)
  }

  /// A token of a subpattern: a character and whether it was quoted.
  private typealias Token = (character: Character, quoted: Bool)

  private static let numberCharacters: Set<Character> = [
    "#", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ",", ".", "@",
  ]

  /// Splits on unquoted `;` and resolves quotes (`'x'` is a literal `x`, `''` a literal apostrophe).
  private static func split(_ pattern: String) -> [[Token]] {
    var subpatterns: [[Token]] = [[]]
    var quoted = false
    var previousWasQuote = false
    for character in pattern {
      if character == "'" {
        if previousWasQuote {
          // `''`: a literal apostrophe, inside or outside quotes.
          subpatterns[subpatterns.count - 1].append(("'", true))
          previousWasQuote = false
          quoted.toggle()
          continue
        }
        quoted.toggle()
        previousWasQuote = true
        continue
      }
      previousWasQuote = false
      if character == ";" && !quoted {
        subpatterns.append([])
      } else {
        subpatterns[subpatterns.count - 1].append((character, quoted))
      }
    }
    return subpatterns
  }

  private static func parseSubpattern(_ tokens: [Token]) -> (
    prefix: [AffixPart], number: [Character], suffix: [AffixPart]
  ) {
    var prefix: [Token] = []
    var number: [Character] = []
    var suffix: [Token] = []
    var index = 0
    while index < tokens.count, tokens[index].quoted || !numberCharacters.contains(tokens[index].0)
    {
      prefix.append(tokens[index])
      index += 1
    }
    while index < tokens.count, !tokens[index].quoted {
      let character = tokens[index].character
      if numberCharacters.contains(character) {
        number.append(character)
      } else if character == "E", !number.isEmpty {
        number.append(character)
        if index + 1 < tokens.count, tokens[index + 1].character == "+", !tokens[index + 1].quoted {
          number.append("+")
          index += 1
        }
      } else {
        break
      }
      index += 1
    }
    suffix.append(contentsOf: tokens[index...])
    return (affix(prefix), number, affix(suffix))
  }

  private static func affix(_ tokens: [Token]) -> [AffixPart] {
    var parts: [AffixPart] = []
    var literal = ""
    var index = 0
    func flush() {
      if !literal.isEmpty { parts.append(.literal(literal)) }
      literal = ""
    }
    while index < tokens.count {
      let (character, quoted) = tokens[index]
      index += 1
      guard !quoted else {
        literal.append(character)
        continue
      }
      switch character {
      case "-":
        flush()
        parts.append(.minus)
      case "+":
        flush()
        parts.append(.plus)
      case "%":
        flush()
        parts.append(.percent)
      case "\u{2030}":
        flush()
        parts.append(.perMille)
      case "\u{00A4}":
        flush()
        var width = 1
        while index < tokens.count, tokens[index].character == "\u{00A4}", !tokens[index].quoted {
          width += 1
          index += 1
        }
        parts.append(.currency(width: width))
      default:
        literal.append(character)
      }
    }
    flush()
    return parts
  }

  private mutating func readNumber(_ number: [Character]) {
    var mantissa = number[...]
    if let e = number.firstIndex(of: "E") {
      hasExponent = true
      mantissa = number[..<e]
      let exponentPart = number[number.index(after: e)...]
      exponentShowsPlus = exponentPart.first == "+"
      minimumExponentDigits = max(1, exponentPart.filter { $0 == "0" }.count)
    }
    let point = mantissa.firstIndex(of: ".")
    let integerPart = point.map { mantissa[..<$0] } ?? mantissa
    let fractionPart = point.map { mantissa[mantissa.index(after: $0)...] } ?? []
    let isDigit: (Character) -> Bool = { $0 == "#" || $0 == "@" || $0.isASCII && $0.isNumber }
    minimumIntegerDigits = integerPart.filter { $0.isASCII && $0.isNumber }.count
    if !hasExponent { minimumIntegerDigits = max(1, minimumIntegerDigits) }
    minimumFractionDigits = fractionPart.filter { $0.isASCII && $0.isNumber }.count
    maximumFractionDigits = fractionPart.filter(isDigit).count
    let separators = integerPart.indices.filter { integerPart[$0] == "," }
    guard let last = separators.last else { return }
    primaryGrouping = integerPart[integerPart.index(after: last)...].filter(isDigit).count
    secondaryGrouping = primaryGrouping
    if separators.count >= 2 {
      let previous = separators[separators.count - 2]
      let between = integerPart[integerPart.index(after: previous)..<last].filter(isDigit).count
      if between > 0 { secondaryGrouping = between }
    }
  }
}
