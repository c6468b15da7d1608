import _FoundationICU

/// The few ICU C functions the number tool reads CLDR data with, behind a small Swift surface.
///
/// ICU is the toolchain's own copy (swift-foundation-icu, ICU 76 / CLDR 46), whose C API the `_FoundationICU`
/// module exposes with a `swift_` prefix; it links into the static release binary with Foundation. The tool
/// reads data here (symbols, patterns, grouping sizes, digits, currencies, locale lists) once per locale, and
/// formats and parses with its own code. Only the compact and spell-out styles format through ICU, from exact
/// decimal strings. Every call checks ICU's status: a failing call returns `nil`, never traps.
enum ICU {
  // MARK: - Versions

  /// ICU's version, e.g. `76.1`.
  static var version: String {
    var parts = [UInt8](repeating: 0, count: 4)
    swift_u_getVersion(&parts)
    return versionString(parts, minimumParts: 2)
  }

  /// The CLDR version of ICU's data, e.g. `46.0`.
  static var cldrVersion: String {
    var parts = [UInt8](repeating: 0, count: 4)
    var status = U_ZERO_ERROR
    swift_ulocdata_getCLDRVersion(&parts, &status)
    return isFailure(status) ? "unknown" : versionString(parts, minimumParts: 2)
  }

  /// The Unicode version of ICU's character data, e.g. `16.0`.
  static var unicodeVersion: String {
    var parts = [UInt8](repeating: 0, count: 4)
    swift_u_getUnicodeVersion(&parts)
    return versionString(parts, minimumParts: 2)
  }

  private static func versionString(_ parts: [UInt8], minimumParts: Int) -> String {
    var count = parts.count
    while count > minimumParts, parts[count - 1] == 0 { count -= 1 }
    return parts.prefix(count).map(String.init).joined(separator: ".")
  }

  // MARK: - Locale identifiers

  /// Every locale ICU has data for (`af` … `zu_ZA`), in ICU's order.
  static func availableLocales() -> [String] {
    let count = swift_uloc_countAvailable()
    guard count > 0 else { return [] }
    var identifiers: [String] = []
    identifiers.reserveCapacity(Int(count))
    for index in 0..<count {
      if let name = swift_uloc_getAvailable(index) { identifiers.append(String(cString: name)) }
    }
    return identifiers
  }

  /// Converts a BCP 47 tag (`ar-u-nu-arab`) to an ICU identifier (`ar@numbers=arab`).
  ///
  /// - Parameter tag: The tag.
  /// - Returns: The identifier, or `nil` unless the whole tag is well-formed.
  static func identifier(forLanguageTag tag: String) -> String? {
    var parsedLength: Int32 = 0
    let result = cString { buffer, capacity, status in
      swift_uloc_forLanguageTag(tag, buffer, capacity, &parsedLength, &status)
    }
    guard let result, !result.isEmpty, Int(parsedLength) == tag.utf8.count else { return nil }
    return result
  }

  /// ICU's canonical form of an identifier: `ko_kr` → `ko_KR`, keywords lower-cased and sorted.
  ///
  /// - Parameter identifier: An ICU identifier.
  /// - Returns: The canonical identifier, or `nil` if ICU rejects it.
  static func canonicalize(_ identifier: String) -> String? {
    cString { buffer, capacity, status in
      swift_uloc_canonicalize(identifier, buffer, capacity, &status)
    }
  }

  /// The keywords of an identifier (`numbers=thai` in `th_TH@numbers=thai`), in ICU's order.
  ///
  /// - Parameter identifier: An ICU identifier.
  /// - Returns: Name and value pairs; empty when there are none.
  static func keywords(of identifier: String) -> [(name: String, value: String)] {
    var status = U_ZERO_ERROR
    guard let enumeration = swift_uloc_openKeywords(identifier, &status), !isFailure(status)
    else { return [] }
    defer { swift_uenum_close(enumeration) }
    var pairs: [(name: String, value: String)] = []
    while true {
      var length: Int32 = 0
      guard let name = swift_uenum_next(enumeration, &length, &status), !isFailure(status) else {
        break
      }
      let key = String(cString: name)
      let value =
        cString { buffer, capacity, status in
          swift_uloc_getKeywordValue(identifier, key, buffer, capacity, &status)
        } ?? ""
      pairs.append((key, value))
    }
    return pairs
  }

  /// Sets one keyword of an identifier: (`ar_EG`, `numbers`, `latn`) → `ar_EG@numbers=latn`.
  ///
  /// - Parameters:
  ///   - name: The keyword.
  ///   - value: Its value.
  ///   - identifier: An ICU identifier.
  /// - Returns: The new identifier, or `nil` if ICU rejects it.
  static func setting(_ name: String, to value: String, in identifier: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    let bytes = Array(identifier.utf8.prefix(200)).map { CChar(bitPattern: $0) }
    buffer.replaceSubrange(0..<bytes.count, with: bytes)
    var status = U_ZERO_ERROR
    let length = swift_uloc_setKeywordValue(name, value, &buffer, Int32(buffer.count), &status)
    guard !isFailure(status), length >= 0, Int(length) < buffer.count else { return nil }
    return String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether ICU has a data bundle of its own for an identifier without keywords (`ko_KR`, or an alias such
  /// as `zh_TW`), rather than falling back to a parent (`ko_US` → `ko`) or the root.
  ///
  /// - Parameter baseIdentifier: An identifier without keywords.
  /// - Returns: `true` for a real locale.
  static func hasOwnData(_ baseIdentifier: String) -> Bool {
    var status = U_ZERO_ERROR
    let bundle = swift_ures_open(nil, baseIdentifier, &status)
    defer { swift_ures_close(bundle) }
    guard bundle != nil, status == U_ZERO_ERROR else { return false }
    var actualStatus = U_ZERO_ERROR
    guard let actual = swift_ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &actualStatus),
      !isFailure(actualStatus)
    else { return false }
    return String(cString: actual) != "root"
  }

  /// The script a locale is most likely written in (`Hant` for `zh_TW`, `Hans` for `zh`), from CLDR's
  /// likely subtags.
  ///
  /// - Parameter identifier: An ICU identifier.
  /// - Returns: The four-letter script code, or `nil`.
  static func likelyScript(of identifier: String) -> String? {
    guard
      let maximized = cString({ buffer, capacity, status in
        swift_uloc_addLikelySubtags(identifier, buffer, capacity, &status)
      })
    else { return nil }
    let script = cString { buffer, capacity, status in
      swift_uloc_getScript(maximized, buffer, capacity, &status)
    }
    return script?.isEmpty == false ? script : nil
  }

  // MARK: - Numbering systems

  /// A numbering system as ICU describes it.
  struct NumberingSystem: Sendable, Equatable {
    /// CLDR's name (`latn`, `arab`, `deva`, `roman`).
    let name: String
    /// Whether numbers are written by rules (`roman`, `jpan`) rather than with ten digits.
    let isAlgorithmic: Bool
    /// The ten digits 0–9, for a non-algorithmic decimal system.
    let digits: [Unicode.Scalar]
  }

  /// The numbering system of a locale (its default, or the one its `numbers` keyword names).
  ///
  /// - Parameter identifier: An ICU identifier.
  /// - Returns: The system, or `nil` if the keyword names no system ICU knows.
  static func numberingSystem(for identifier: String) -> NumberingSystem? {
    var status = U_ZERO_ERROR
    guard let system = swift_unumsys_open(identifier, &status), !isFailure(status) else {
      return nil
    }
    defer { swift_unumsys_close(system) }
    guard let namePointer = swift_unumsys_getName(system) else { return nil }
    let name = String(cString: namePointer)
    let algorithmic = swift_unumsys_isAlgorithmic(system) != 0
    var digits: [Unicode.Scalar] = []
    if !algorithmic, swift_unumsys_getRadix(system) == 10 {
      let description =
        utf16String { buffer, capacity, status in
          swift_unumsys_getDescription(system, buffer, capacity, &status)
        } ?? ""
      digits = Array(description.unicodeScalars)
    }
    return NumberingSystem(
      name: name, isAlgorithmic: algorithmic || digits.count != 10, digits: digits)
  }

  /// The names of every numbering system ICU knows (`adlm` … `wcho`).
  static func numberingSystemNames() -> Set<String> {
    var status = U_ZERO_ERROR
    guard let enumeration = swift_unumsys_openAvailableNames(&status), !isFailure(status) else {
      return []
    }
    defer { swift_uenum_close(enumeration) }
    return enumerate(enumeration)
  }

  // MARK: - Currencies

  /// The currency of a locale's region (or of its `currency` keyword), e.g. `KRW` for `ko_KR`.
  ///
  /// - Parameter identifier: An ICU identifier.
  /// - Returns: The ISO 4217 code, or `nil` for a locale without a region.
  static func currency(for identifier: String) -> String? {
    let code = utf16String { buffer, capacity, status in
      swift_ucurr_forLocale(identifier, buffer, capacity, &status)
    }
    guard let code, code.utf8.count == 3 else { return nil }
    return code
  }

  /// Every ISO 4217 code ICU knows, current and historic.
  static func currencyCodes() -> Set<String> {
    var status = U_ZERO_ERROR
    guard let enumeration = swift_ucurr_openISOCurrencies(UInt32(UCURR_ALL.rawValue), &status),
      !isFailure(status)
    else { return [] }
    defer { swift_uenum_close(enumeration) }
    return enumerate(enumeration)
  }

  /// The symbol a locale writes for a currency (`₩` for KRW in ko_KR, `US$` for USD in ko_KR).
  ///
  /// - Parameters:
  ///   - code: An ISO 4217 code.
  ///   - identifier: An ICU identifier.
  /// - Returns: The symbol, or the code itself when the locale has none.
  static func currencySymbol(_ code: String, locale identifier: String) -> String {
    currencyName(code, locale: identifier, style: UCURR_SYMBOL_NAME) ?? code
  }

  /// The narrow symbol a locale writes for a currency (`$` for CAD in en_CA, `₩` for KRW).
  ///
  /// - Parameters:
  ///   - code: An ISO 4217 code.
  ///   - identifier: An ICU identifier.
  /// - Returns: The symbol, or the code itself when the locale has none.
  static func currencyNarrowSymbol(_ code: String, locale identifier: String) -> String {
    currencyName(code, locale: identifier, style: UCURR_NARROW_SYMBOL_NAME) ?? code
  }

  /// A currency's name in a locale, copied while the code's buffer is alive.
  ///
  /// `ucurr_getName` returns a pointer into ICU's data or, when no locale up to the root has a name for the
  /// code, the very buffer it was given (with `U_USING_DEFAULT_WARNING`, which it also sets for names found in
  /// the root locale, so the status cannot tell the two apart). That buffer is a temporary here: the name
  /// is copied inside the closure that keeps it alive, and ICU handing the buffer back is answered with
  /// `nil` without reading it.
  private static func currencyName(_ code: String, locale identifier: String, style: UCurrNameStyle)
    -> String?
  {
    let units = Array(code.utf16) + [0]
    return units.withUnsafeBufferPointer { buffer -> String? in
      guard let base = buffer.baseAddress else { return nil }
      var isChoiceFormat: UBool = 0
      var length: Int32 = 0
      var status = U_ZERO_ERROR
      guard
        let name = swift_ucurr_getName(
          base, identifier, style, &isChoiceFormat, &length, &status),
        !isFailure(status), name != base, (1...64).contains(length)
      else { return nil }
      // Copied here, inside the closure: `name` may point into `buffer`.
      let units = UnsafeBufferPointer(start: name, count: Int(length))
      var text = ""
      let invalid = transcode(
        units.makeIterator(), from: UTF16.self, to: UTF32.self, stoppingOnError: true
      ) { text.unicodeScalars.append(Unicode.Scalar($0) ?? "\u{FFFD}") }
      // Unpaired surrogates or NULs would be written as they are: never trust them.
      guard !invalid, !text.unicodeScalars.contains("\u{0}") else { return nil }
      return text
    }
  }

  /// The number of fraction digits a currency is written with (2 for USD, 0 for KRW, 3 for BHD).
  ///
  /// - Parameter code: An ISO 4217 code.
  /// - Returns: The digits, 2 when ICU does not say.
  static func currencyFractionDigits(_ code: String) -> Int {
    let units = Array(code.utf16) + [0]
    var status = U_ZERO_ERROR
    let digits = swift_ucurr_getDefaultFractionDigits(units, &status)
    guard !isFailure(status), (0...9).contains(digits) else { return 2 }
    return Int(digits)
  }

  // MARK: - Helpers

  static func isFailure(_ status: UErrorCode) -> Bool { status.rawValue > U_ZERO_ERROR.rawValue }

  private static func enumerate(_ enumeration: OpaquePointer) -> Set<String> {
    var names: Set<String> = []
    var status = U_ZERO_ERROR
    while true {
      var length: Int32 = 0
      guard let name = swift_uenum_next(enumeration, &length, &status), !isFailure(status) else {
        break
      }
      names.insert(String(cString: name))
    }
    return names
  }

  /// Calls an ICU function that fills a UTF-16 buffer, growing the buffer once if ICU asks for more.
  static func utf16String(
    _ fill: (UnsafeMutablePointer<UChar>, Int32, inout UErrorCode) -> Int32
  ) -> String? {
    filledBuffer(fill).map(string(utf16:))
  }

  /// UTF-16 from ICU as a string, transcoded here to UTF-8: `String(decoding:as: UTF16.self)`'s first use
  /// in a run looks up conformances by name, which costs more than `cal` does (docs/perf-log.md). A lone
  /// surrogate becomes U+FFFD, as the standard library would make it.
  static func string(utf16 units: [UInt16]) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(units.count * 3)
    var index = 0
    while index < units.count {
      var scalar = UInt32(units[index])
      index += 1
      if scalar & 0xFC00 == 0xD800, index < units.count, units[index] & 0xFC00 == 0xDC00 {
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
        index += 1
      } else if scalar & 0xF800 == 0xD800 {
        scalar = 0xFFFD
      }
      switch scalar {
      case ..<0x80:
        bytes.append(UInt8(scalar))
      case ..<0x800:
        bytes.append(UInt8(0xC0 | scalar >> 6))
        bytes.append(UInt8(0x80 | scalar & 0x3F))
      case ..<0x10000:
        bytes.append(UInt8(0xE0 | scalar >> 12))
        bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        bytes.append(UInt8(0x80 | scalar & 0x3F))
      default:
        bytes.append(UInt8(0xF0 | scalar >> 18))
        bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
        bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        bytes.append(UInt8(0x80 | scalar & 0x3F))
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Calls an ICU function that fills a `char` buffer, growing the buffer once if ICU asks for more.
  static func cString(
    _ fill: (UnsafeMutablePointer<CChar>, Int32, inout UErrorCode) -> Int32
  ) -> String? {
    filledBuffer(fill).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
  }

  /// The units an ICU function writes into a buffer it is given: first 256 units, then as many as ICU
  /// asked for if that was too few.
  private static func filledBuffer<Unit: FixedWidthInteger>(
    _ fill: (UnsafeMutablePointer<Unit>, Int32, inout UErrorCode) -> Int32
  ) -> [Unit]? {
    var capacity = 256
    for _ in 0..<2 {
      var buffer = [Unit](repeating: 0, count: capacity)
      var status = U_ZERO_ERROR
      let length = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
        guard let base = pointer.baseAddress else { return -1 }
        return fill(base, Int32(capacity), &status)
      }
      if status == U_BUFFER_OVERFLOW_ERROR, length > 0 {
        capacity = Int(length) + 1
        continue
      }
      guard !isFailure(status), length >= 0, Int(length) <= capacity else { return nil }
      return Array(buffer[0..<Int(length)])
    }
    return nil
  }
}
