import Foundation

/// ICU's grouping of an integer, to check the built-in fast path against.
enum IntegerFormatStyleCheck {
  static func format(_ value: Int, locale: String) -> String {
    value.formatted(IntegerFormatStyle<Int>(locale: Locale(identifier: locale)))
  }
}
