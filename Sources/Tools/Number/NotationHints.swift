/// What a text that does not read in the chosen locale and style looks like instead, for the error message:
/// `looks like currency notation; use --style currency`, `looks like fr_FR notation; use --locale fr_FR`.
///
/// Tried only when a text fails, in this order, the first that reads the whole text giving the hint:
///
/// 1. the same locale with `--style auto`, when another style was chosen (a style hint);
/// 2. a currency code on the side the locale does not write it (`1,234.50 USD` in en_US, which writes
///    `USD 1,234.50`): the text as the locale writes it;
/// 3. the same style in each of ``candidates`` other than the locale itself (a locale hint).
///
/// Errors about the text as a whole (empty, too many digits, out of range) get no hint. The readers of the
/// candidates are created on the first failure and kept; an instance belongs to one command run and is
/// used from its task only.
final class NotationHints: @unchecked Sendable {
  /// The locales tried, one per common notation: `1,234.5`, `1.234,5`, `1 234,5`, `1’234.5`, lakh
  /// grouping, and the Arabic-Indic, Persian, Devanagari, Bengali and Thai digits.
  static let candidates = [
    "en_US", "de_DE", "fr_FR", "de_CH", "en_IN", "ar_EG", "fa_IR", "hi_IN", "bn_BD", "th_TH",
  ]

  private let reader: NotationReader
  private let style: ReadStyle
  private let option: String
  private var autoReader: NotationReader?
  private var candidateReaders: [NotationReader]?

  /// Creates hints for a reader.
  ///
  /// - Parameters:
  ///   - reader: The locale's reader.
  ///   - style: The style chosen.
  ///   - option: The option that names the locale (`--locale`, `--from`).
  init(reader: NotationReader, style: ReadStyle, option: String) {
    self.reader = reader
    self.style = style
    self.option = option
  }

  /// The error with a hint, when one of the other notations reads the text.
  ///
  /// - Parameters:
  ///   - error: Why the text does not read.
  ///   - text: The text.
  /// - Returns: The error, hinted if possible.
  func hinted(_ error: NumberError, text: String) -> NumberError {
    switch error {
    case .invalidCharacters, .noDigits, .multipleDecimalSeparators, .reversedSeparators,
      .invalidGrouping, .mixedDigits, .invalidNotation:
      break
    default:
      return error
    }
    if style != .auto {
      if autoReader == nil { autoReader = NotationReader(locale: reader.locale, styles: [.auto]) }
      if let read = try? autoReader?.read(text, style: .auto), read.style != style {
        return .hinted(
          error,
          hint: "looks like \(read.style.rawValue) notation; use --style \(read.style.rawValue)")
      }
    }
    if style == .auto || style == .currency, let moved = Self.codeMoved(text),
      (try? reader.read(moved, style: style)) != nil
    {
      return .hinted(
        error,
        hint: "\(reader.locale.identifier) writes the currency code on the other side: '\(moved)'")
    }
    if candidateReaders == nil {
      candidateReaders = Self.candidates.compactMap { identifier in
        guard case .success(let locale) = NumberLocale.resolve(identifier),
          locale.baseIdentifier != reader.locale.baseIdentifier
        else { return nil }
        return NotationReader(locale: locale, styles: [style])
      }
    }
    for candidate in candidateReaders ?? [] where (try? candidate.read(text, style: style)) != nil {
      let name = candidate.locale.identifier
      return .hinted(error, hint: "looks like \(name) notation; use \(option) \(name)")
    }
    return error
  }

  /// The text with an ISO 4217 code at one end (three capital letters, a blank from the amount) moved
  /// to the other end: `1,234.50 USD` → `USD 1,234.50`.
  static func codeMoved(_ text: String) -> String? {
    let words = text.split(separator: " ", omittingEmptySubsequences: true)
    guard words.count == 2 else { return nil }
    func isCode(_ word: Substring) -> Bool {
      word.count == 3 && word.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }
    if isCode(words[1]), !isCode(words[0]) { return "\(words[1]) \(words[0])" }
    if isCode(words[0]), !isCode(words[1]) { return "\(words[1]) \(words[0])" }
    return nil
  }
}
