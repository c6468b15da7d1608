extension Array where Element == String {
  /// `joined(separator:)` by appending, for code every command runs: the standard library's `joined` is
  /// generic code that makes a dynamic cast, and the first uncached one in a run of the static binary scans
  /// all of its conformance records (about 160,000 instructions, a third of `cal`; docs/DEVELOPMENT.md,
  /// *Speed*).
  ///
  /// - Parameter separator: The text between elements.
  /// - Returns: The elements joined.
  public func joinedByAppending(separator: String = "") -> String {
    var text = ""
    for (index, part) in enumerated() {
      if index > 0 { text += separator }
      text += part
    }
    return text
  }
}
