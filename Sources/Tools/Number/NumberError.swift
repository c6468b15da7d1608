import ToolboxCore

/// A number that cannot be read or written (exit 65), with the JSON codes of the CLI contract.
///
/// Every case quotes the input. The first seven are the contract's parse errors (the seed library's
/// `invaildCharacters`, `moreThanOneDecimalSeparator` and `reverseSeparator`, plus the checks it lacked);
/// `outOfRange` is a value that a style cannot write (spell-out beyond 64-bit integers, myriad beyond 10⁴⁰).
enum NumberError: ToolboxError, Equatable {
  /// The text is empty (or only spaces).
  case emptyInput
  /// A character that is not part of a number in the locale's notation.
  case invalidCharacters(input: String, character: String, locale: String?)
  /// The text has no digits at all (`-`, `.`).
  case noDigits(input: String)
  /// More than one decimal separator (`1.2.3`).
  case multipleDecimalSeparators(input: String)
  /// A grouping separator after the decimal separator: the notation of another locale (`1.234,5` in en_US).
  case reversedSeparators(input: String, locale: String, decimal: String, grouping: String)
  /// Grouping separators at positions the locale does not use (`1,2,3`, or `1,234,567` in hi_IN).
  case invalidGrouping(input: String, locale: String, example: String)
  /// Digits of two scripts in one number (`12३`).
  case mixedDigits(input: String)
  /// More significant digits than toolbox keeps exactly, or a plain notation longer than it writes.
  case tooManyDigits(input: String, count: Int)
  /// A magnitude too large or too small to write out (beyond 10^±1000).
  case tooLong(input: String)
  /// A value a style cannot write.
  case outOfRange(input: String, reason: String)
  /// A line without a field `--field` names (`--field 3` on a line of two fields).
  case missingField(input: String, fieldCount: Int, field: Int)
  /// An error in one field of a line (`--field`): the field's own error, its number in front.
  indirect case field(Int, NumberError)
  /// Text in a notation (`--style`) that breaks its rules: myriad units out of order, a group above 9999.
  case invalidNotation(input: String, reason: String)
  /// A currency in the text other than the one `--currency` names.
  case currencyMismatch(input: String, found: String, expected: String)
  /// A unit suffix `format --from` does not read (`1Ki` with `--from si`, `1K` without `--from`).
  case invalidSuffix(input: String, reason: String)
  /// An error with a hint: what the text looks like instead, and the option that reads it.
  indirect case hinted(NumberError, hint: String)

  var exitCode: ExitCode { .dataError }

  var code: String {
    switch self {
    case .emptyInput: "empty_input"
    case .invalidCharacters, .noDigits: "invalid_characters"
    case .multipleDecimalSeparators: "multiple_decimal_separators"
    case .reversedSeparators: "reversed_separators"
    case .invalidGrouping: "invalid_grouping"
    case .mixedDigits: "mixed_digits"
    case .tooManyDigits, .tooLong: "too_many_digits"
    case .outOfRange: "out_of_range"
    case .missingField: "missing_field"
    case .field(_, let error): error.code
    case .invalidNotation: "invalid_notation"
    case .currencyMismatch: "currency_mismatch"
    case .invalidSuffix: "invalid_suffix"
    case .hinted(let error, _): error.code
    }
  }

  var description: String {
    switch self {
    case .emptyInput:
      return "empty input: expected a number"
    case .invalidCharacters(let input, let character, let locale):
      let visibleCharacter = Self.visible(character)
      guard let locale else {
        return
          "invalid character '\(visibleCharacter)' in '\(Self.shown(input))': expected plain notation such as "
          + "-1234.5 or 1e6 (use 'toolbox number convert --from L' for localized text)"
      }
      return "invalid character '\(visibleCharacter)' in '\(Self.shown(input))' for \(locale)"
    case .noDigits(let input):
      return "no digits in '\(Self.shown(input))'"
    case .multipleDecimalSeparators(let input):
      return "more than one decimal separator in '\(Self.shown(input))'"
    case .reversedSeparators(let input, let locale, let decimal, let grouping):
      return "decimal and grouping separators reversed in '\(Self.shown(input))': \(locale) writes "
        + "'\(Self.visible(decimal))' before the fraction and '\(Self.visible(grouping))' between groups"
    case .invalidGrouping(let input, let locale, let example):
      return
        "grouping separators at the wrong places in '\(Self.shown(input))' (\(locale) groups like \(example))"
    case .mixedDigits(let input):
      return "digits of more than one script in '\(Self.shown(input))'"
    case .tooManyDigits(let input, let count):
      return "'\(Self.shown(input))' has \(count) significant digits; at most "
        + "\(ExactDecimal.maximumSignificantDigits) are kept exactly"
    case .tooLong(let input):
      return
        "'\(Self.shown(input))' is too large or too small: toolbox writes magnitudes from 1e-1000 to 1e1000"
    case .outOfRange(let input, let reason):
      return "'\(Self.shown(input))' \(reason)"
    case .missingField(let input, let fieldCount, let field):
      return
        "'\(Self.shown(input))' has \(fieldCount) field\(fieldCount == 1 ? "" : "s"), no field \(field)"
    case .field(let field, let error):
      return "field \(field): \(error.description)"
    case .invalidNotation(let input, let reason):
      return "'\(Self.shown(input))': \(reason)"
    case .currencyMismatch(let input, let found, let expected):
      return "'\(Self.shown(input))' is an amount in \(found), not \(expected) (--currency)"
    case .invalidSuffix(let input, let reason):
      return "invalid suffix in '\(Self.shown(input))': \(reason)"
    case .hinted(let error, let hint):
      return "\(error.description); \(hint)"
    }
  }

  /// The input as messages quote it: in full up to 80 characters, else its start and its length.
  static func shown(_ input: String) -> String {
    let count = input.count
    guard count > 80 else { return input }
    return String(input.prefix(60)) + "…(\(count) characters)"
  }

  /// Invisible and space characters spelled as code points (`U+202F`), others as they are.
  static func visible(_ text: String) -> String {
    text.unicodeScalars.map { scalar in
      switch scalar.properties.generalCategory {
      case .format, .spaceSeparator, .control, .lineSeparator, .paragraphSeparator:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      default:
        return String(scalar)
      }
    }.joined()
  }
}
