import FuzzSupport

@testable import ToolboxNumber

// The localized number tokenizer, for a spread of notations: Latin digits with comma or dot grouping,
// Arabic-Indic digits and separators (ar_EG), Devanagari (ne_NP), lakh grouping (hi_IN), narrow no-break
// space grouping (fr_FR), Thai digits, apostrophe grouping (de_CH) and Korean.
//
// Differential: every value the tokenizer accepts is formatted in every locale with all its digits and read
// back by that locale's parser, which must give the same value (what `number convert` promises).

let identifiers = [
  "en_US", "ar_EG", "ne_NP", "hi_IN", "fr_FR", "th_TH@numbers=thai", "de_CH", "ko_KR",
]

struct Notation {
  let identifier: String
  let parser: LocalizedNumberParser
  /// Every fraction digit a value may have, grouped.
  let exact: LocalizedNumberFormatter
  /// The same without grouping.
  let ungrouped: LocalizedNumberFormatter
}

let notations: [Notation] = identifiers.map { identifier in
  guard case .success(let locale) = NumberLocale.resolve(identifier),
    let parser = LocalizedNumberParser(locale: locale)
  else { fatalError("no number data for \(identifier)") }
  var options = FormatOptions()
  options.fraction = FractionRange(minimum: 0, maximum: FractionRange.limit)
  var ungrouped = options
  ungrouped.grouping = false
  do {
    return Notation(
      identifier: identifier, parser: parser,
      exact: try LocalizedNumberFormatter(locale: locale, options: options),
      ungrouped: try LocalizedNumberFormatter(locale: locale, options: ungrouped))
  } catch {
    fatalError("no formatter for \(identifier): \(error)")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNumber(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let source = input.choose(notations)
  let text = input.restText()
  let value: ExactDecimal
  do {
    value = try source.parser.parse(text)
  } catch {
    return 0
  }
  // Values with more fraction digits than --fraction allows are rounded on output, by design.
  guard -value.exponent <= FractionRange.limit else { return 0 }
  for target in notations {
    for formatter in [target.exact, target.ungrouped] {
      let written: String
      do {
        written = try formatter.string(for: value, input: text)
      } catch {
        fatalError(
          "\(target.identifier) cannot write \(value) read from \(Array(text.utf8)): \(error)")
      }
      let reread = try? target.parser.parse(written)
      require(
        reread == value,
        "\(source.identifier) read \(Array(text.utf8)) as \(value); \(target.identifier) wrote "
          + "\(written), which reads back as \(reread.map(\.description) ?? "an error")")
    }
  }
  return 0
}
