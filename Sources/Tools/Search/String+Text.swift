import ToolboxCore

/// Small text helpers of the search tool.
extension String {
  /// The text shortened to at most `width` display columns, ending with `…` when cut.
  func truncated(to width: Int) -> String {
    guard displayWidth > width else { return self }
    var result = ""
    var used = 0
    for character in self {
      let characterWidth = String(character).displayWidth
      if used + characterWidth > width - 1 { break }
      result.append(character)
      used += characterWidth
    }
    return result + "…"
  }

  /// The text without leading and trailing spaces and tabs.
  func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[first...last])
  }
}
