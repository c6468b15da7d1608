/// How results are written: for people or for programs.
public enum OutputFormat: String, Sendable, CaseIterable, Codable {
  /// Aligned text, for people.
  case text
  /// One JSON document (or NDJSON for streams), for programs.
  case json
}

/// When to use colour and other ANSI styling.
public enum ColorMode: String, Sendable, CaseIterable, Codable {
  /// Only when writing to a terminal and `NO_COLOR` is not set.
  case auto
  /// Always, even into a pipe.
  case always
  /// Never.
  case never
}

/// ANSI styling for text output that does nothing when colour is off.
public struct TextStyle: Sendable, Equatable {
  /// Whether escape sequences are written.
  public var isEnabled: Bool

  /// Creates a style.
  ///
  /// - Parameter isEnabled: Whether escape sequences are written.
  public init(isEnabled: Bool) { self.isEnabled = isEnabled }

  /// No styling.
  public static let plain = TextStyle(isEnabled: false)

  /// Reverse video (SGR 7), e.g. today in a calendar.
  public func reverse(_ text: String) -> String { wrap(text, "7", "27") }
  /// Struck through (SGR 9), e.g. done tasks.
  public func strikethrough(_ text: String) -> String { wrap(text, "9", "29") }
  /// Bold (SGR 1).
  public func bold(_ text: String) -> String { wrap(text, "1", "22") }
  /// Dim (SGR 2).
  public func dim(_ text: String) -> String { wrap(text, "2", "22") }
  /// Underlined (SGR 4), e.g. days with items in a calendar.
  public func underline(_ text: String) -> String { wrap(text, "4", "24") }
  /// Red foreground (SGR 31), e.g. overdue items.
  public func red(_ text: String) -> String { wrap(text, "31", "39") }

  private func wrap(_ text: String, _ on: String, _ off: String) -> String {
    isEnabled && !text.isEmpty ? "\u{1B}[\(on)m\(text)\u{1B}[\(off)m" : text
  }
}
