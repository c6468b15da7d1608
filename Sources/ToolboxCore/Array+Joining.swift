extension Array where Element == String {
  /// `joined(separator:)` by appending, only for start-up code (the calendar, tables, usage lines): the
  /// standard library's generic `joined` makes the run's first uncached conformance lookup
  /// (docs/perf-log.md, *Dynamic casts*). Everywhere else, use `joined`.
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
