/// The printf-style template of `format --format`, the subset GNU numfmt accepts:
/// `[prefix]%[0]['][-][width][.precision]f[suffix]` (`%'10.2f`, `%-8f`, `%010.1f`, `Size: %f B`).
///
/// `'` groups digits (in the locale's way), a width pads with spaces on the left (`-`: on the right) or,
/// with `0`, with zeros after the sign; a precision is the fraction digits written. `%%` in the text
/// around is `%`, as printf writes it (numfmt 9.1 writes `%%` and drops a character of the prefix).
struct NumfmtTemplate: Sendable, Equatable {
  /// The text before the directive.
  var prefix = ""
  /// The text after the directive.
  var suffix = ""
  /// Whether digits are grouped (`'`).
  var grouping = false
  /// The width, negative to align left; 0 for none.
  var width = 0
  /// Whether the width pads with zeros after the sign (`0`) rather than with spaces.
  var zeroPadding = false
  /// The fraction digits (`.N`), or `nil` for numfmt's own choice.
  var precision: Int?

  /// The widest width and the most fraction digits a template may ask for.
  static let limit = 1000

  /// The template of no `--format`: `%f`.
  init() {}

  /// Reads a template.
  ///
  /// - Parameter text: The template, as given to `--format`.
  /// - Throws: A message (for a usage error) saying what is wrong, in numfmt's words.
  init(_ text: String) throws(NumfmtTemplate.Problem) {
    let characters = Array(text)
    var index = 0
    // The prefix: up to the first '%' that is not '%%'.
    while index < characters.count {
      if characters[index] == "%" {
        if index + 1 < characters.count, characters[index + 1] == "%" {
          index += 2
          continue
        }
        break
      }
      index += 1
    }
    guard index < characters.count else {
      throw Problem("format '\(text)' has no % directive")
    }
    prefix = Self.unescaping(characters[0..<index])
    index += 1
    // Flags: ' and 0, with spaces between them skipped.
    while index < characters.count {
      var skipped = false
      while index < characters.count, characters[index] == " " {
        index += 1
        skipped = true
      }
      guard index < characters.count else { break }
      if characters[index] == "'" {
        grouping = true
        index += 1
      } else if characters[index] == "0" {
        zeroPadding = true
        index += 1
      } else if !skipped {
        break
      }
    }
    // The width: an optional '-' and digits.
    var leftAligned = false
    if index < characters.count, characters[index] == "-" {
      leftAligned = true
      index += 1
    }
    let widthStart = index
    var width = 0
    while index < characters.count, let digit = characters[index].wholeNumberValue,
      characters[index].isASCII
    {
      width = min(width * 10 + digit, Self.limit + 1)
      index += 1
    }
    if leftAligned, index == widthStart {
      throw Problem(
        "invalid format '\(text)', directive must be %[0]['][-][N][.][N]f")
    }
    guard width <= Self.limit else {
      throw Problem("invalid format '\(text)' (width over \(Self.limit))")
    }
    self.width = leftAligned ? -width : width
    if leftAligned { zeroPadding = false }
    guard index < characters.count else { throw Problem("format '\(text)' ends in %") }
    if characters[index] == "." {
      index += 1
      var precision = 0
      while index < characters.count, let digit = characters[index].wholeNumberValue,
        characters[index].isASCII
      {
        precision = min(precision * 10 + digit, Self.limit + 1)
        index += 1
      }
      guard precision <= Self.limit else {
        throw Problem("invalid precision in format '\(text)' (over \(Self.limit))")
      }
      self.precision = precision
    }
    guard index < characters.count, characters[index] == "f" else {
      if index < characters.count, [".", "-", "+"].contains(characters[index]) {
        throw Problem("invalid precision in format '\(text)'")
      }
      throw Problem("invalid format '\(text)', directive must be %[0]['][-][N][.][N]f")
    }
    index += 1
    var rest = index
    while rest < characters.count {
      if characters[rest] == "%" {
        guard rest + 1 < characters.count, characters[rest + 1] == "%" else {
          throw Problem("format '\(text)' has too many % directives")
        }
        rest += 2
      } else {
        rest += 1
      }
    }
    suffix = Self.unescaping(characters[index...])
  }

  /// Text around the directive as printf writes it: `%%` is `%`.
  private static func unescaping(_ characters: ArraySlice<Character>) -> String {
    var text = ""
    var index = characters.startIndex
    while index < characters.endIndex {
      text.append(characters[index])
      index += characters[index] == "%" ? 2 : 1
    }
    return text
  }

  /// A template that is wrong, and why.
  struct Problem: Error, Equatable {
    /// What is wrong, in one line.
    let message: String
    init(_ message: String) { self.message = message }
  }
}
