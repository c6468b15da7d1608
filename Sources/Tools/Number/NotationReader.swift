/// Reads the notations people paste — percent, currency, accounting, scientific, compact, myriad — as
/// strictly as ``LocalizedNumberParser`` reads plain numbers: a text is read only if all of it fits one of
/// the locale's own notations, and the number inside is read by the plain parser with all its checks.
///
/// Each notation is a *shape* taken from the locale's CLDR data: the pattern's prefix and suffix around the
/// number (`¤#,##0.00;(¤#,##0.00)` gives `$1,234.50`, `-$1,234.50` and `(1,234.50)`), or, for compact, the
/// units ICU writes (`1K`, `1,2 Mio.`, `1만`), with the power of ten each stands for. In a shape:
///
/// - a sign is one of the minus or plus signs the plain parser reads; the percent sign is the locale's (in
///   any of its digit scripts' notations);
/// - a currency is a symbol the locale writes for a currency (`$` is USD in en_US, CA$ is CAD), its ISO code
///   (`USD`, upper case), or nothing: the symbol is optional in `--style currency`;
/// - spaces in a pattern, and around currency and percent signs, are any run of blanks (space, tab, U+00A0,
///   U+202F, U+2009), possibly none, so `50 %` and `50%`, `$ 12` and `1.234,50€` are read;
/// - bidi marks (U+200E, U+200F, U+061C) are skipped around the number, signs and symbols, since ICU
///   writes them in amounts and percentages of right-to-left locales.
///
/// Myriad text (`1억 2345만 6789`) is read by its own grammar: groups of 1–9999 before units in falling
/// order, optional blanks between them, the last group without a unit and with an optional fraction.
final class NotationReader: Sendable {
  /// One piece of a shape.
  enum Piece: Sendable, Equatable {
    /// This character.
    case literal(Unicode.Scalar)
    /// A run of blanks, possibly empty.
    case space
    /// A minus sign.
    case minus
    /// A plus sign.
    case plus
    /// A percent sign.
    case percent
    /// A currency symbol or ISO code, or nothing.
    case currency
    /// The number: digits and separators, read by the plain parser.
    case number
    /// An exponent symbol and a power of ten: `E3`, `E-3`, `×10^3`, `×10³`.
    case exponent
  }

  /// One way of writing a number around its digits.
  struct Shape: Sendable, Equatable {
    /// The pieces, the number among them.
    let pieces: [Piece]
    /// Whether it writes negative values.
    let isNegative: Bool
    /// The power of ten the number stands for (−2 for percent, 3 for `K`).
    let scale: Int
    /// Whether the number is an amount (read with the monetary separators too).
    let isMonetary: Bool
  }

  /// A currency's symbol as written, with its code.
  struct Symbol: Sendable, Equatable {
    let scalars: [Unicode.Scalar]
    let code: String
  }

  /// An exponent symbol (`E`, `أس`, `×۱۰^`).
  struct Exponent: Sendable, Equatable {
    let scalars: [Unicode.Scalar]
    /// Whether `e` reads as `E`.
    let ignoresCase: Bool
    /// Whether the power is written with superscript digits after the symbol without its `^` (`×10³`).
    let isSuperscript: Bool
  }

  /// The result of trying one style.
  private enum Outcome {
    /// The text is not in this style.
    case noMatch
    /// The text is in this style, but something in it is wrong (the number's grouping, say).
    case failed(NumberError)
    /// The value.
    case read(ReadValue)
  }

  /// The locale.
  let locale: NumberLocale
  /// The plain parser.
  let parser: LocalizedNumberParser
  private let monetaryParser: LocalizedNumberParser
  private let shapes: [ReadStyle: [Shape]]
  private let numberScalars: Set<Unicode.Scalar>
  private let monetaryScalars: Set<Unicode.Scalar>
  private let digitValues: [Unicode.Scalar: UInt8]
  private let percentSigns: Set<Unicode.Scalar>
  private let symbols: [Unicode.Scalar: [Symbol]]
  private let exponents: [Exponent]
  /// The myriad units for 10⁴, 10⁸, …, or `nil` outside Korean, Japanese and Chinese.
  private let myriadUnits: [Unicode.Scalar: Int]?
  /// The units within a myriad group, by power of ten (`5천만`: 천 is 10³), with the myriad units.
  private static let groupUnits: [Unicode.Scalar: Int] = [
    "천": 3, "백": 2, "십": 1, "千": 3, "百": 2, "十": 1, "仟": 3, "佰": 2, "拾": 1,
  ]
  /// `원` after an amount, as Korean receipts and people write it (`12,345원`): the Korean won.
  private static let won: Unicode.Scalar = "원"

  static let blanks: Set<Unicode.Scalar> = [" ", "\t", "\u{00A0}", "\u{202F}", "\u{2009}"]
  static let superscriptDigits: [Unicode.Scalar: UInt8] = [
    "⁰": 0, "¹": 1, "²": 2, "³": 3, "⁴": 4, "⁵": 5, "⁶": 6, "⁷": 7, "⁸": 8, "⁹": 9,
  ]

  /// Creates a reader for the styles given (`auto`: all of them).
  ///
  /// - Parameters:
  ///   - locale: The locale.
  ///   - styles: The styles to read; data for the others is not loaded.
  /// - Returns: `nil` if ICU has no number data for the locale.
  init?(locale: NumberLocale, styles: Set<ReadStyle>) {
    guard let parser = LocalizedNumberParser(locale: locale) else { return nil }
    let wanted = styles.contains(.auto) ? Set(ReadStyle.autoOrder) : styles
    self.locale = locale
    self.parser = parser
    let datas = parser.datas
    monetaryParser =
      datas.allSatisfy { $0.monetary.decimal == $0.decimal && $0.monetary.grouping == $0.grouping }
      ? parser : LocalizedNumberParser(locale: locale.identifier, datas: datas.map(\.monetary))

    var digitValues: [Unicode.Scalar: UInt8] = [:]
    var numberScalars: Set<Unicode.Scalar> = []
    for notation in parser.notations {
      digitValues.merge(notation.digitValues) { first, _ in first }
      numberScalars.formUnion(notation.digitValues.keys)
      numberScalars.insert(notation.decimal)
      numberScalars.formUnion(notation.groupings)
    }
    var monetaryScalars = numberScalars
    for notation in monetaryParser.notations {
      monetaryScalars.insert(notation.decimal)
      monetaryScalars.formUnion(notation.groupings)
    }
    self.digitValues = digitValues
    self.numberScalars = numberScalars
    self.monetaryScalars = monetaryScalars
    percentSigns = Set(datas.compactMap { LocalizedNumberParser.Notation.core($0.percent) })

    var shapes: [ReadStyle: [Shape]] = [:]
    func add(_ style: ReadStyle, _ new: [Shape]) {
      for shape in new where !(shapes[style]?.contains(shape) ?? false) {
        shapes[style, default: []].append(shape)
      }
    }
    for data in datas {
      if wanted.contains(.percent), let pattern = data.pattern(.percent) {
        add(.percent, Self.shapes(pattern, number: [.number], scale: -2, isMonetary: false))
      }
      if wanted.contains(.currency) {
        for style in [ICUNumberFormat.Style.currency, .accounting] {
          guard let text = ICUNumberFormat(style, locale: data.icuIdentifier)?.pattern else {
            continue
          }
          add(
            .currency,
            Self.shapes(NumberPattern(text), number: [.number], scale: 0, isMonetary: true))
        }
      }
      if wanted.contains(.scientific) {
        var pattern = data.pattern(.scientific) ?? NumberPattern("#E0")
        if !pattern.hasExponent { pattern = NumberPattern("#E0") }
        add(
          .scientific,
          Self.shapes(pattern, number: [.number, .exponent], scale: 0, isMonetary: false))
      }
      if wanted.contains(.compact) {
        add(
          .compact, Self.compactShapes(data.icuIdentifier, parser: parser, scalars: numberScalars))
      }
    }
    self.shapes = shapes

    var exponents: [Exponent] = []
    if wanted.contains(.scientific) {
      for data in datas {
        let scalars = Array(
          data.exponent.unicodeScalars.filter { !LocalizedNumberParser.bidiMarks.contains($0) })
        guard !scalars.isEmpty else { continue }
        let ignoresCase = scalars == ["E"] || scalars == ["e"]
        exponents.append(Exponent(scalars: scalars, ignoresCase: ignoresCase, isSuperscript: false))
        if scalars.count > 1, scalars.last == "^" {
          exponents.append(
            Exponent(scalars: Array(scalars.dropLast()), ignoresCase: false, isSuperscript: true))
        }
      }
    }
    self.exponents = exponents

    var symbols: [Unicode.Scalar: [Symbol]] = [:]
    if wanted.contains(.currency) {
      for symbol in Self.currencySymbols(locale, marks: LocalizedNumberParser.bidiMarks) {
        guard let first = symbol.scalars.first else { continue }
        symbols[first, default: []].append(symbol)
      }
      // Longest first: `CA$` before `C`, `US$` before `US`.
      for key in symbols.keys { symbols[key]?.sort { $0.scalars.count > $1.scalars.count } }
    }
    self.symbols = symbols

    if wanted.contains(.myriad), let script = LocalizedNumberFormatter.myriadScript(locale) {
      var units: [Unicode.Scalar: Int] = [:]
      for (index, unit) in script.units.enumerated() {
        if let scalar = unit.unicodeScalars.first, unit.unicodeScalars.count == 1 {
          units[scalar] = index + 1
        }
      }
      myriadUnits = units
    } else {
      myriadUnits = nil
    }
  }

  // MARK: - Reading

  /// Reads a text in a style.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: The style expected, or `auto` for each in ``ReadStyle/autoOrder``.
  ///   - expected: The currency `--currency` names: a currency in the text must be this one, and a
  ///     currency-style value without a symbol is in it.
  /// - Returns: The value and the style it was read in.
  /// - Throws: ``NumberError``: the error of the style that recognised the text but found it wrong (the
  ///   currency read as such with a misplaced grouping separator), else the plain parser's.
  func read(_ text: String, style: ReadStyle, currency expected: String? = nil)
    throws(NumberError) -> ReadValue
  {
    if let amount = wonAmount(text, style: style) {
      if let expected, expected != "KRW" {
        throw .currencyMismatch(input: text, found: "KRW", expected: expected)
      }
      let read = try self.read(amount, style: style == .myriad ? .myriad : .auto)
      if let found = read.currency, found != "KRW" {
        throw .currencyMismatch(input: text, found: found, expected: "KRW")
      }
      return ReadValue(
        value: read.value, style: read.style == .decimal ? .currency : read.style, currency: "KRW")
    }
    let plainError: NumberError
    do {
      let value = try parser.parse(text)
      return ReadValue(
        value: value, style: .decimal, currency: style == .currency ? expected : nil)
    } catch {
      if style == .decimal { throw error }
      if case .emptyInput = error { throw error }
      plainError = error
    }
    var scalars = Array(text.unicodeScalars)
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    let start = scalars.firstIndex { $0 != " " && $0 != "\t" } ?? scalars.count
    scalars.removeFirst(start)
    var firstFailure: NumberError?
    for candidate in style == .auto ? Array(ReadStyle.autoOrder.dropFirst()) : [style] {
      let outcome =
        candidate == .myriad
        ? readMyriad(scalars, text: text) : readShapes(scalars, style: candidate, text: text)
      switch outcome {
      case .noMatch:
        continue
      case .failed(let error):
        firstFailure = firstFailure ?? error
      case .read(let read):
        if let expected, candidate == .currency {
          if let found = read.currency, found != expected {
            throw .currencyMismatch(input: text, found: found, expected: expected)
          }
          return ReadValue(value: read.value, style: .currency, currency: expected)
        }
        return read
      }
    }
    throw firstFailure ?? plainError
  }

  /// The amount before a final `원` in Korean (`12,345원`, `1억 2345만원`), when the style reads a
  /// currency or myriad text.
  private func wonAmount(_ text: String, style: ReadStyle) -> String? {
    guard locale.languageCode == "ko", [.auto, .currency, .myriad].contains(style) else {
      return nil
    }
    var scalars = Array(text.unicodeScalars)
    while let last = scalars.last, Self.blanks.contains(last) { scalars.removeLast() }
    guard scalars.last == Self.won else { return nil }
    scalars.removeLast()
    while let last = scalars.last, Self.blanks.contains(last) { scalars.removeLast() }
    guard !scalars.isEmpty else { return nil }
    return String(String.UnicodeScalarView(scalars))
  }

  /// Tries the shapes of a style.
  private func readShapes(_ scalars: [Unicode.Scalar], style: ReadStyle, text: String) -> Outcome {
    var failure: NumberError?
    for shape in shapes[style] ?? [] {
      guard let match = self.match(shape.pieces[...], scalars, 0, Match(), shape: shape) else {
        continue
      }
      let core = String(String.UnicodeScalarView(scalars[match.number]))
      do throws(NumberError) {
        let number = try (shape.isMonetary ? monetaryParser : parser).parse(core)
        let value = try ExactDecimal(
          checking: shape.isNegative, number.digits,
          exponent: number.exponent + shape.scale + match.exponent, input: text)
        return .read(ReadValue(value: value, style: style, currency: match.currency))
      } catch {
        // The number inside is wrong; report it with the whole text.
        failure = failure ?? Self.quoting(error, text)
      }
    }
    return failure.map(Outcome.failed) ?? .noMatch
  }

  /// What one way through a shape found.
  private struct Match {
    var number = 0..<0
    var currency: String?
    var exponent = 0
  }

  /// Matches pieces against the text from a position, trying every end of the number (and every symbol)
  /// until the rest matches.
  private func match(
    _ pieces: ArraySlice<Piece>, _ scalars: [Unicode.Scalar], _ position: Int, _ found: Match,
    shape: Shape
  ) -> Match? {
    var position = position
    while position < scalars.count, LocalizedNumberParser.bidiMarks.contains(scalars[position]) {
      position += 1
    }
    guard let piece = pieces.first else { return position == scalars.count ? found : nil }
    let rest = pieces.dropFirst()
    let count = scalars.count
    switch piece {
    case .literal(let scalar):
      guard position < count, scalars[position] == scalar else { return nil }
      return match(rest, scalars, position + 1, found, shape: shape)
    case .space:
      var end = position
      while end < count, Self.blanks.contains(scalars[end]) { end += 1 }
      return match(rest, scalars, end, found, shape: shape)
    case .minus, .plus:
      let signs = piece == .minus ? parser.minusSigns : parser.plusSigns
      guard position < count, signs.contains(scalars[position]) else { return nil }
      return match(rest, scalars, position + 1, found, shape: shape)
    case .percent:
      guard position < count, percentSigns.contains(scalars[position]) else { return nil }
      return match(rest, scalars, position + 1, found, shape: shape)
    case .currency:
      if position < count {
        for symbol in symbols[scalars[position]] ?? [] {
          let end = position + symbol.scalars.count
          guard end <= count, scalars[position..<end].elementsEqual(symbol.scalars) else {
            continue
          }
          var next = found
          next.currency = symbol.code
          if let result = match(rest, scalars, end, next, shape: shape) { return result }
        }
      }
      return match(rest, scalars, position, found, shape: shape)
    case .number:
      // A number neither starts nor ends with a blank (fr groups with U+202F, and `50 %` has one before
      // the sign): the blanks around it belong to the pieces around it.
      let allowed = shape.isMonetary ? monetaryScalars : numberScalars
      guard position < count, !Self.blanks.contains(scalars[position]) else { return nil }
      var end = position
      while end < count, allowed.contains(scalars[end]) { end += 1 }
      while end > position {
        if !Self.blanks.contains(scalars[end - 1]),
          scalars[position..<end].contains(where: { digitValues[$0] != nil })
        {
          var next = found
          next.number = position..<end
          if let result = match(rest, scalars, end, next, shape: shape) { return result }
        }
        end -= 1
      }
      return nil
    case .exponent:
      for exponent in exponents {
        guard let power = readExponent(exponent, scalars, from: position) else { continue }
        var next = found
        next.exponent = power.value
        if let result = match(rest, scalars, power.end, next, shape: shape) { return result }
      }
      return nil
    }
  }

  /// Reads an exponent symbol and its signed power at a position.
  private func readExponent(_ exponent: Exponent, _ scalars: [Unicode.Scalar], from start: Int)
    -> (value: Int, end: Int)?
  {
    let count = scalars.count
    var position = start
    for expected in exponent.scalars {
      guard position < count else { return nil }
      let scalar = scalars[position]
      let same =
        scalar == expected
        || (exponent.ignoresCase && String(scalar).uppercased() == String(expected).uppercased())
      guard same else { return nil }
      position += 1
    }
    // The power's sign is the locale's, bidi marks included (ar_EG: U+061C before the minus).
    func skipMarks() {
      while position < count, LocalizedNumberParser.bidiMarks.contains(scalars[position]) {
        position += 1
      }
    }
    skipMarks()
    var isNegative = false
    if position < count {
      let scalar = scalars[position]
      if exponent.isSuperscript ? scalar == "⁻" : parser.minusSigns.contains(scalar) {
        isNegative = true
        position += 1
      } else if exponent.isSuperscript ? scalar == "⁺" : parser.plusSigns.contains(scalar) {
        position += 1
      }
    }
    skipMarks()
    let digitsStart = position
    var value = 0
    var script: [Unicode.Scalar: UInt8]?
    while position < count {
      let scalar = scalars[position]
      let digit: UInt8
      if exponent.isSuperscript {
        guard let superscript = Self.superscriptDigits[scalar] else { break }
        digit = superscript
      } else {
        // One digit script for the whole power.
        guard let notation = parser.notations.first(where: { $0.digitValues[scalar] != nil }),
          let plain = notation.digitValues[scalar]
        else { break }
        if let script, script[scalar] == nil { return nil }
        script = notation.digitValues
        digit = plain
      }
      value = min(value * 10 + Int(digit), 1_000_000)
      position += 1
    }
    guard position > digitsStart else { return nil }
    return (isNegative ? -value : value, position)
  }

  // MARK: - Myriad

  /// Reads myriad text: `1억 2345만 6789`, `1億2345万6789.5`, `-3억`.
  private func readMyriad(_ scalars: [Unicode.Scalar], text: String) -> Outcome {
    guard let units = myriadUnits,
      scalars.contains(where: { units[$0] != nil || Self.groupUnits[$0] != nil })
    else { return .noMatch }
    let count = scalars.count
    var position = 0
    func skipMarks() {
      while position < count, LocalizedNumberParser.bidiMarks.contains(scalars[position]) {
        position += 1
      }
    }
    skipMarks()
    var isNegative = false
    if position < count, parser.minusSigns.contains(scalars[position]) {
      isNegative = true
      position += 1
    } else if position < count, parser.plusSigns.contains(scalars[position]) {
      position += 1
    }
    var groups: [Int: [UInt8]] = [:]
    var lastUnit = Int.max
    var tail: String?
    var withinGroup = false
    while position < count {
      while position < count, Self.blanks.contains(scalars[position]) { position += 1 }
      guard position < count else { break }
      let start = position
      while position < count, numberScalars.contains(scalars[position]) { position += 1 }
      // A group written with its own units (`5천`, `3천5백`, `천`): a whole number below 10⁴.
      if position < count, Self.groupUnits[scalars[position]] != nil {
        position = start
        guard let group = readGroup(scalars, &position) else {
          return .failed(
            .invalidNotation(
              input: text,
              reason:
                "a group is written with 천, 백, 십 from the largest down, each after one digit"))
        }
        while position < count, Self.blanks.contains(scalars[position]) { position += 1 }
        skipMarks()
        if position < count, let unit = units[scalars[position]] {
          guard unit < lastUnit else {
            return .failed(
              .invalidNotation(
                input: text, reason: "myriad units must come from the largest down"))
          }
          groups[unit] = group
          lastUnit = unit
          position += 1
          continue
        }
        guard position == count else { return .noMatch }
        tail = String(group.map { Character(String($0)) })
        withinGroup = true
        break
      }
      guard position > start else { return .noMatch }
      let run = scalars[start..<position]
      if position < count, let unit = units[scalars[position]] {
        let digits = run.compactMap { digitValues[$0] }
        guard digits.count == run.count, (1...4).contains(digits.count),
          digits.contains(where: { $0 != 0 })
        else {
          return .failed(
            .invalidNotation(
              input: text,
              reason: "each group before a myriad unit is a whole number from 1 to 9999"))
        }
        guard unit < lastUnit else {
          return .failed(
            .invalidNotation(input: text, reason: "myriad units must come from the largest down"))
        }
        groups[unit] = digits
        lastUnit = unit
        position += 1
      } else {
        // The last group, without a unit: the rest of the text.
        while position < count, Self.blanks.contains(scalars[position]) { position += 1 }
        skipMarks()
        guard position == count else { return .noMatch }
        tail = String(String.UnicodeScalarView(run))
      }
    }
    guard !groups.isEmpty || withinGroup else { return .noMatch }
    var low = ExactDecimal.zero
    if let tail {
      do throws(NumberError) {
        low = try parser.parse(tail)
      } catch {
        return .failed(Self.quoting(error, text))
      }
      guard low.integerDigitCount <= 4 else {
        return .failed(
          .invalidNotation(
            input: text, reason: "the group after the last myriad unit is below 10000"))
      }
    }
    // Four digits per unit, from the largest unit down, then the last group and its fraction.
    var digits: [UInt8] = []
    for unit in stride(from: groups.keys.max() ?? 1, through: 1, by: -1) {
      let group = groups[unit] ?? []
      digits += [UInt8](repeating: 0, count: 4 - group.count) + group
    }
    let fractionCount = low.fractionDigitCount
    for place in stride(from: 3, through: -fractionCount, by: -1) {
      digits.append(low.digit(atPlace: place))
    }
    do throws(NumberError) {
      let value = try ExactDecimal(
        checking: isNegative, digits, exponent: -fractionCount, input: text)
      return .read(ReadValue(value: value, style: .myriad, currency: nil))
    } catch {
      return .failed(error)
    }
  }

  /// Reads one myriad group written with units within it (`5천`, `3천5백2십`, `천2백`, `3천5`) from
  /// `position`, as its four digits; `nil` when the units are out of order or a digit run is too long.
  private func readGroup(_ scalars: [Unicode.Scalar], _ position: inout Int) -> [UInt8]? {
    var value = 0
    var below = 4
    var sawAny = false
    while position < scalars.count {
      let start = position
      while position < scalars.count, let _ = digitValues[scalars[position]] { position += 1 }
      let digits = scalars[start..<position].compactMap { digitValues[$0] }
      if position < scalars.count, let power = Self.groupUnits[scalars[position]] {
        guard power < below, digits.count <= 1, digits.first != 0 else { return nil }
        value += Int(digits.first ?? 1) * [1, 10, 100, 1000][power]
        below = power
        sawAny = true
        position += 1
        continue
      }
      // The ones (and tens) after the last unit: fewer places than it leaves.
      if !digits.isEmpty {
        guard digits.count <= below else { return nil }
        value += digits.reduce(0) { $0 * 10 + Int($1) }
        sawAny = true
      }
      break
    }
    guard sawAny, value > 0, value <= 9999 else { return nil }
    return String(value).utf8.map { $0 - 48 }
  }

  // MARK: - Building shapes

  /// The shapes of a pattern: its positive and negative forms around the number pieces.
  static func shapes(_ pattern: NumberPattern, number: [Piece], scale: Int, isMonetary: Bool)
    -> [Shape]
  {
    var result: [Shape] = []
    for (prefix, suffix, isNegative) in [
      (pattern.positivePrefix, pattern.positiveSuffix, false),
      (pattern.negativePrefix, pattern.negativeSuffix, true),
    ] {
      guard let before = pieces(prefix), let after = pieces(suffix) else { continue }
      result.append(
        Shape(
          pieces: merged(before + number + after), isNegative: isNegative, scale: scale,
          isMonetary: isMonetary))
    }
    return result
  }

  /// The pieces of a pattern's affix; `nil` for one this reader does not read (per mille).
  static func pieces(_ parts: [NumberPattern.AffixPart]) -> [Piece]? {
    var pieces: [Piece] = []
    for part in parts {
      switch part {
      case .literal(let text): pieces += literalPieces(text.unicodeScalars)
      case .minus: pieces.append(.minus)
      case .plus: pieces.append(.plus)
      case .percent: pieces += [.space, .percent, .space]
      case .currency: pieces += [.space, .currency, .space]
      case .perMille: return nil
      }
    }
    return pieces
  }

  /// Pieces for literal text: blanks are runs of blanks, bidi marks are skipped anyway.
  static func literalPieces(_ scalars: some Sequence<Unicode.Scalar>) -> [Piece] {
    scalars.compactMap { scalar in
      if LocalizedNumberParser.bidiMarks.contains(scalar) { return nil }
      return blanks.contains(scalar) ? .space : .literal(scalar)
    }
  }

  /// Pieces with neighbouring runs of blanks joined.
  static func merged(_ pieces: [Piece]) -> [Piece] {
    var result: [Piece] = []
    for piece in pieces where !(piece == .space && result.last == .space) { result.append(piece) }
    return result
  }

  /// The compact units of a locale, found by formatting 1, 2, 5 and 1.5 times each power of ten up to 10²⁴
  /// (positive and negative) with ICU's compact format, which writes every unit CLDR has with its plural
  /// forms, and taking apart what it wrote.
  static func compactShapes(
    _ identifier: String, parser: LocalizedNumberParser, scalars numberScalars: Set<Unicode.Scalar>
  ) -> [Shape] {
    guard
      let formatter = ICUSkeletonFormatter(
        skeleton: "compact-short precision-unlimited", locale: identifier)
    else { return [] }
    var shapes: [Shape] = []
    for power in 0...24 {
      for mantissa in ["1", "2", "5", "15"] {
        for isNegative in [false, true] {
          let exponent = mantissa == "15" ? power - 1 : power
          guard exponent >= 0,
            let written = formatter.format(
              decimal: (isNegative ? "-" : "") + mantissa
                + String(repeating: "0", count: exponent))
          else { continue }
          let scalars = Array(written.unicodeScalars)
          guard let start = scalars.firstIndex(where: { numberScalars.contains($0) }) else {
            continue
          }
          var end = start
          while end < scalars.count, numberScalars.contains(scalars[end]) { end += 1 }
          while end > start, blanks.contains(scalars[end - 1]) { end -= 1 }
          let prefix = scalars[..<start]
          let suffix = scalars[end...]
          let affixes = prefix + suffix
          // Plain numbers (below the first unit) are the plain parser's.
          guard
            affixes.contains(where: {
              !blanks.contains($0) && !LocalizedNumberParser.bidiMarks.contains($0)
                && !parser.minusSigns.contains($0)
            })
          else { continue }
          guard
            let shown = try? parser.parse(String(String.UnicodeScalarView(scalars[start..<end]))),
            let value = try? ExactDecimal.parse(
              plain: mantissa + String(repeating: "0", count: exponent)),
            shown.digits == value.digits
          else { continue }
          var pieces: [Piece] = []
          for scalar in prefix {
            pieces += parser.minusSigns.contains(scalar) ? [.minus] : literalPieces([scalar])
          }
          pieces.append(.number)
          pieces += literalPieces(suffix)
          let shape = Shape(
            pieces: merged(pieces), isNegative: isNegative,
            scale: value.exponent - shown.exponent, isMonetary: false)
          if !shapes.contains(shape) { shapes.append(shape) }
        }
      }
    }
    return shapes
  }

  /// The currency symbols a locale writes: each ISO code ICU knows, the symbol the locale writes for it
  /// (when no other currency has the same one, or it is the locale's own), and the locale's own currency's
  /// narrow symbol.
  static func currencySymbols(_ locale: NumberLocale, marks: Set<Unicode.Scalar>) -> [Symbol] {
    let own = ICU.currency(for: locale.icuIdentifier)
    let clean = { (text: String) in Array(text.unicodeScalars.filter { !marks.contains($0) }) }
    var result: [Symbol] = []
    var bySymbol: [[Unicode.Scalar]: [String]] = [:]
    for code in ICU.currencyCodes().sorted() {
      result.append(Symbol(scalars: Array(code.unicodeScalars), code: code))
      let symbol = clean(ICU.currencySymbol(code, locale: locale.icuIdentifier))
      if !symbol.isEmpty, symbol != Array(code.unicodeScalars) {
        bySymbol[symbol, default: []].append(code)
      }
    }
    if let own {
      let narrow = clean(ICU.currencyNarrowSymbol(own, locale: locale.icuIdentifier))
      if !narrow.isEmpty, bySymbol[narrow] == nil { bySymbol[narrow] = [own] }
    }
    for (symbol, codes) in bySymbol {
      if codes.count == 1, let code = codes.first {
        result.append(Symbol(scalars: symbol, code: code))
      } else if let own, codes.contains(own) {
        result.append(Symbol(scalars: symbol, code: own))
      }
      // Otherwise the symbol is ambiguous in this locale and not read.
    }
    return result
  }

  /// An error about the number inside a notation, quoting the whole text.
  static func quoting(_ error: NumberError, _ text: String) -> NumberError {
    switch error {
    case .invalidCharacters(_, let character, let locale):
      .invalidCharacters(input: text, character: character, locale: locale)
    case .noDigits: .noDigits(input: text)
    case .multipleDecimalSeparators: .multipleDecimalSeparators(input: text)
    case .reversedSeparators(_, let locale, let decimal, let grouping):
      .reversedSeparators(input: text, locale: locale, decimal: decimal, grouping: grouping)
    case .invalidGrouping(_, let locale, let example):
      .invalidGrouping(input: text, locale: locale, example: example)
    case .mixedDigits: .mixedDigits(input: text)
    case .tooManyDigits(_, let count): .tooManyDigits(input: text, count: count)
    case .tooLong: .tooLong(input: text)
    default: error
    }
  }
}
