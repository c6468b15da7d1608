import ToolboxCore

/// numfmt's `--suffix` and `--padding` (or a `--format` template's width and text), around any text
/// `format` writes: the suffix after the number, the whole padded with spaces to a display width (right
/// aligned, or left for a negative width), the template's prefix and suffix outside the padding.
struct NumberLayout: Sendable, Equatable {
  /// `--suffix`: written after the number, inside the padding.
  var suffix = ""
  /// The width, negative to align left; 0 for none.
  var width = 0
  /// The template's text before the number, outside the padding.
  var prefix = ""
  /// The template's text after the number, outside the padding.
  var trailer = ""

  /// Whether the layout changes nothing.
  var isEmpty: Bool { self == NumberLayout() }

  /// Lays a number out.
  func apply(_ number: String) -> String {
    let text = number + suffix
    let missing = abs(width) - text.displayWidth
    guard missing > 0 else { return prefix + text + trailer }
    let spaces = String(repeating: " ", count: missing)
    return prefix + (width < 0 ? text + spaces : spaces + text) + trailer
  }
}
