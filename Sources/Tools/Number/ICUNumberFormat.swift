import _FoundationICU

/// One ICU number format (`unum`), opened for a locale and a style, closed when released.
///
/// Used to read a locale's symbols and patterns, and to spell numbers out. Each instance belongs to the one
/// command run that created it and is used from that task only.
final class ICUNumberFormat: @unchecked Sendable {
  /// The styles toolbox reads patterns for.
  enum Style: Sendable {
    case decimal, percent, currency, accounting, scientific, spellOut

    fileprivate var icuStyle: UNumberFormatStyle {
      switch self {
      case .decimal: UNUM_DECIMAL
      case .percent: UNUM_PERCENT
      case .currency: UNUM_CURRENCY
      case .accounting: UNUM_CURRENCY_ACCOUNTING
      case .scientific: UNUM_SCIENTIFIC
      case .spellOut: UNUM_SPELLOUT
      }
    }
  }

  /// The symbols of a locale's number format.
  enum Symbol: Sendable, CaseIterable {
    case decimal, grouping, minus, plus, percent, perMille, exponent, infinity, notANumber
    case monetaryDecimal, monetaryGrouping

    fileprivate var icuSymbol: UNumberFormatSymbol {
      switch self {
      case .decimal: UNUM_DECIMAL_SEPARATOR_SYMBOL
      case .grouping: UNUM_GROUPING_SEPARATOR_SYMBOL
      case .minus: UNUM_MINUS_SIGN_SYMBOL
      case .plus: UNUM_PLUS_SIGN_SYMBOL
      case .percent: UNUM_PERCENT_SYMBOL
      case .perMille: UNUM_PERMILL_SYMBOL
      case .exponent: UNUM_EXPONENTIAL_SYMBOL
      case .infinity: UNUM_INFINITY_SYMBOL
      case .notANumber: UNUM_NAN_SYMBOL
      case .monetaryDecimal: UNUM_MONETARY_SEPARATOR_SYMBOL
      case .monetaryGrouping: UNUM_MONETARY_GROUPING_SEPARATOR_SYMBOL
      }
    }
  }

  private let handle: UnsafeMutablePointer<UNumberFormat?>

  /// Opens a format.
  ///
  /// - Parameters:
  ///   - style: The style.
  ///   - locale: A validated ICU identifier.
  /// - Returns: `nil` if ICU cannot open it (for example an algorithmic numbering system's pattern).
  init?(_ style: Style, locale: String) {
    var status = U_ZERO_ERROR
    guard let handle = swift_unum_open(style.icuStyle, nil, 0, locale, nil, &status),
      !ICU.isFailure(status)
    else { return nil }
    self.handle = handle
  }

  deinit { swift_unum_close(handle) }

  /// The format's pattern (`#,##0.###`, `¤#,##0.00;(¤#,##0.00)`), or `nil` if ICU has none.
  var pattern: String? {
    ICU.utf16String { buffer, capacity, status in
      swift_unum_toPattern(handle, 0, buffer, capacity, &status)
    }
  }

  /// One of the format's symbols, exactly as ICU writes it (bidi marks included).
  ///
  /// - Parameter symbol: The symbol.
  /// - Returns: Its text, or an empty string if ICU has none.
  func symbol(_ symbol: Symbol) -> String {
    ICU.utf16String { buffer, capacity, status in
      swift_unum_getSymbol(handle, symbol.icuSymbol, buffer, capacity, &status)
    } ?? ""
  }

  /// The locale ICU actually took the format's data from (`en` for spell-out in a language without rules).
  var actualLocale: String? {
    var status = U_ZERO_ERROR
    guard let name = swift_unum_getLocaleByType(handle, ULOC_ACTUAL_LOCALE, &status),
      !ICU.isFailure(status)
    else { return nil }
    return String(cString: name)
  }

  /// The locale's minimum grouping digits (2 for es_ES and it_CH: `1234` but `12 345`).
  var minimumGroupingDigits: Int {
    Int(swift_unum_getAttribute(handle, UNUM_MINIMUM_GROUPING_DIGITS))
  }

  /// Formats an exact decimal string (`-1234.5`) without rounding it through `Double`.
  ///
  /// - Parameter decimal: Plain notation: optional `-`, digits, optional `.` and digits.
  /// - Returns: The formatted text, or `nil` if ICU fails.
  func format(decimal: String) -> String? {
    let length = Int32(decimal.utf8.count)
    return ICU.utf16String { buffer, capacity, status in
      swift_unum_formatDecimal(handle, decimal, length, buffer, capacity, nil, &status)
    }
  }
}

/// An ICU number formatter built from a skeleton (`compact-short rounding-mode-floor`), which formats exact
/// decimal strings. Used for the compact style, whose patterns and plural forms live in ICU.
final class ICUSkeletonFormatter: @unchecked Sendable {
  private let formatter: OpaquePointer
  private let result: OpaquePointer

  /// Opens a formatter.
  ///
  /// - Parameters:
  ///   - skeleton: An ICU number skeleton.
  ///   - locale: A validated ICU identifier.
  /// - Returns: `nil` if ICU rejects the skeleton or the locale.
  init?(skeleton: String, locale: String) {
    let units = Array(skeleton.utf16)
    var status = U_ZERO_ERROR
    guard
      let formatter = swift_unumf_openForSkeletonAndLocale(
        units, Int32(units.count), locale, &status),
      !ICU.isFailure(status)
    else { return nil }
    guard let result = swift_unumf_openResult(&status), !ICU.isFailure(status) else {
      swift_unumf_close(formatter)
      return nil
    }
    self.formatter = formatter
    self.result = result
  }

  deinit {
    swift_unumf_closeResult(result)
    swift_unumf_close(formatter)
  }

  /// Formats an exact decimal string.
  ///
  /// - Parameter decimal: Plain notation: optional `-`, digits, optional `.` and digits.
  /// - Returns: The formatted text, or `nil` if ICU fails.
  func format(decimal: String) -> String? {
    var status = U_ZERO_ERROR
    swift_unumf_formatDecimal(formatter, decimal, Int32(decimal.utf8.count), result, &status)
    guard !ICU.isFailure(status) else { return nil }
    return ICU.utf16String { buffer, capacity, status in
      swift_unumf_resultToString(result, buffer, capacity, &status)
    }
  }
}
