import FuzzSupport

@testable import ToolboxNumber

// Four properties of the number tool, chosen by the first byte:
//
// 0. Parse round trip. The localized number tokenizer, for a spread of notations: Latin digits with comma
//    or dot grouping, Arabic-Indic digits and separators (ar_EG), Devanagari (ne_NP), lakh grouping
//    (hi_IN), narrow no-break space grouping (fr_FR), Thai digits, apostrophe grouping (de_CH) and Korean.
//    Every value the tokenizer accepts is formatted in every locale with all its digits and read back by
//    that locale's parser, which must give the same value (what `number convert` promises).
// 1. Currencies. Every ISO 4217 code ICU knows, in every locale ICU knows (two bytes each): the amount has
//    no NUL or replaced (unpaired) surrogate, and is exactly ICU's own currency formatting
//    (`currency/XXX`) wherever ICU formats it.
// 2. The stream's fast path: plain notation formatted from its bytes is exactly what the general path
//    writes, or the fast path declines.
// 3. Pasted notations: `--style auto` reads any text without trapping, and a value written in a style
//    (every digit kept) by a locale reads back as the same value.

let identifiers = [
  "en_US", "ar_EG", "ne_NP", "hi_IN", "fr_FR", "th_TH@numbers=thai", "de_CH", "ko_KR",
]

func locale(_ identifier: String) -> NumberLocale {
  guard case .success(let locale) = NumberLocale.resolve(identifier) else {
    fatalError("no number data for \(identifier)")
  }
  return locale
}

func formatter(_ locale: NumberLocale, _ options: FormatOptions) -> LocalizedNumberFormatter {
  do {
    return try LocalizedNumberFormatter(locale: locale, options: options)
  } catch {
    fatalError("no formatter for \(locale.identifier) \(options): \(error)")
  }
}

// MARK: - 0. Parse round trip

struct Notation {
  let identifier: String
  let parser: LocalizedNumberParser
  /// Every fraction digit a value may have, grouped.
  let exact: LocalizedNumberFormatter
  /// The same without grouping.
  let ungrouped: LocalizedNumberFormatter
}

let notations: [Notation] = identifiers.map { identifier in
  let locale = locale(identifier)
  guard let parser = LocalizedNumberParser(locale: locale) else {
    fatalError("no number data for \(identifier)")
  }
  var options = FormatOptions()
  options.fraction = FractionRange(minimum: 0, maximum: FractionRange.limit)
  var ungrouped = options
  ungrouped.grouping = false
  return Notation(
    identifier: identifier, parser: parser, exact: formatter(locale, options),
    ungrouped: formatter(locale, ungrouped))
}

func parseRoundTrip(_ input: inout FuzzInput) {
  let source = input.choose(notations)
  let text = input.restText()
  let value: ExactDecimal
  do {
    value = try source.parser.parse(text)
  } catch {
    return
  }
  // Values with more fraction digits than --fraction allows are rounded on output, by design.
  guard -value.exponent <= FractionRange.limit else { return }
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
}

// MARK: - 1. Currencies

let currencyCodes = ICU.currencyCodes().sorted()
let allLocales = ICU.availableLocales()

/// The formatters of recent (code, locale) pairs: toolbox's and ICU's (creating them costs more than
/// formatting); emptied when it grows, so memory stays bounded.
nonisolated(unsafe) var currencyFormatters:
  [String: (ours: LocalizedNumberFormatter, icu: ICUSkeletonFormatter?)] = [:]

func currencies(_ input: inout FuzzInput) {
  let code = currencyCodes[(Int(input.byte()) << 8 | Int(input.byte())) % currencyCodes.count]
  let identifier = allLocales[(Int(input.byte()) << 8 | Int(input.byte())) % allLocales.count]
  guard let value = try? ExactDecimal.parse(plain: input.restText()) else { return }
  let key = code + "@" + identifier
  if currencyFormatters[key] == nil {
    if currencyFormatters.count > 2048 { currencyFormatters.removeAll() }
    let target = locale(identifier)
    currencyFormatters[key] = (
      formatter(target, FormatOptions(style: .currency, currency: code)),
      ICUSkeletonFormatter(skeleton: "currency/\(code)", locale: target.icuIdentifier)
    )
  }
  guard let (ours, icu) = currencyFormatters[key] else { return }
  let text: String
  do {
    text = try ours.string(for: value, input: value.description)
  } catch {
    fatalError("\(identifier) cannot write \(value) in \(code): \(error)")
  }
  require(
    !text.unicodeScalars.contains { $0 == "\u{0}" || $0 == "\u{FFFD}" },
    "\(identifier) \(code) \(value): '\(text)' has a NUL or a replaced surrogate \(Array(text.utf8))"
  )
  // ICU formats magnitudes far beyond what anyone pays with differently (and slowly): compare up to 10¹⁰⁰.
  guard value.isZero || abs(value.magnitude) <= 100,
    let theirs = icu?.format(decimal: value.description)
  else { return }
  require(
    text == theirs, "\(identifier) \(code) \(value): toolbox '\(text)', ICU '\(theirs)'")
}

// MARK: - 2. The fast path

let plainFormatters: [LocalizedNumberFormatter] = [
  formatter(locale("en_US"), FormatOptions()),
  formatter(locale("hi_IN"), FormatOptions(fraction: FractionRange(minimum: 1, maximum: 4))),
  formatter(locale("ar_EG"), FormatOptions(style: .percent, rounding: .halfUp)),
  formatter(locale("es_ES"), FormatOptions(style: .currency, currency: "EUR", rounding: .up)),
  formatter(locale("ccp"), FormatOptions(fraction: FractionRange(minimum: 0, maximum: 0))),
  formatter(locale("de_CH"), FormatOptions(keepsDigits: true)),
]

func fastPath(_ input: inout FuzzInput) {
  let formatter = input.choose(plainFormatters)
  guard let plain = formatter.plainFormatter else { return }
  var text = input.restText()
  guard let fast = text.withUTF8({ plain.formatPlain($0) }) else { return }
  let general = try? formatter.string(for: try ExactDecimal.parse(plain: text), input: text)
  require(
    fast == general,
    "\(formatter.locale.identifier) \(formatter.options) \(Array(text.utf8)): fast path '\(fast)', "
      + "general path '\(general ?? "an error")'")
}

// MARK: - 3. Pasted notations

struct Reading {
  let reader: NotationReader
  /// Formatters of the styles the reader reads, every digit kept.
  let writers: [(ReadStyle, LocalizedNumberFormatter)]
}

let readings: [Reading] = ["en_US", "de_DE", "fr_FR", "ko_KR", "ja_JP", "ar_EG", "hi_IN", "es_ES"]
  .map { identifier in
    let target = locale(identifier)
    guard let reader = NotationReader(locale: target, styles: [.auto]) else {
      fatalError("no reader for \(identifier)")
    }
    var styles: [ReadStyle] = [.percent, .currency, .scientific, .compact]
    if LocalizedNumberFormatter.myriadScript(target) != nil { styles.append(.myriad) }
    return Reading(
      reader: reader,
      writers: styles.compactMap { style in
        style.numberStyle.map {
          (style, formatter(target, FormatOptions(style: $0, keepsDigits: true)))
        }
      })
  }

func pastedNotations(_ input: inout FuzzInput) {
  let reading = input.choose(readings)
  let text = input.restText()
  _ = try? reading.reader.read(text, style: .auto)
  guard let value = try? ExactDecimal.parse(plain: text), value.isZero || abs(value.magnitude) <= 60
  else { return }
  for (style, writer) in reading.writers {
    guard let written = try? writer.string(for: value, input: text) else { continue }
    let reread = try? reading.reader.read(written, style: style)
    require(
      reread?.value == value,
      "\(reading.reader.locale.identifier) \(style): \(value) written as '\(written)' reads back as "
        + "\(reread.map(\.value.description) ?? "an error")")
  }
}

/// LeakSanitizer's suppressions: the formatters of `readings`, built once and alive to the end, are not
/// leaks. Swift keeps a multi-payload enum's case in the spare bits of its class pointer
/// (`LocalizedNumberFormatter`'s engine: `.scientific(…)`, `.compact(…)`), which the sanitizer's
/// conservative scan of memory does not recognize as a pointer; `.pattern`, the first case, is untagged.
@_cdecl("__lsan_default_suppressions")
public func leakSuppressions() -> UnsafePointer<CChar> {
  let text: StaticString = "leak:fuzz_number8readings\n"
  return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNumber(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  switch input.byte() % 4 {
  case 0: parseRoundTrip(&input)
  case 1: currencies(&input)
  case 2: fastPath(&input)
  default: pastedNotations(&input)
  }
  return 0
}
