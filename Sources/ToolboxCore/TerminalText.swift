/// Text output that cannot drive a terminal: the one function the renderer passes every command's text
/// output through (documents and stream records alike), so that data from a store, a file or the network
/// (a task's text, a D-Day's name, a search result) cannot retitle the terminal, clear the screen, ring
/// the bell or reorder a line.
///
/// - C0 controls other than the line break and the tab, DEL and C1 controls (U+0080–U+009F) are written
///   as `\u{1B}`, `\u{7F}`, `\u{9B}`, … (the form error messages use);
/// - bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) are left out;
/// - with colour on, toolbox's own styles (``TextStyle``: `ESC [ n m` for n in 0, 1, 2, 4, 7, 9, 22, 24, 27,
///   29, 31, 39) are kept; every other escape sequence is written escaped.
///
/// JSON output and exports do not pass through here: they keep the data exact.
public enum TerminalText {
  /// The SGR parameters ``TextStyle`` writes.
  static let ownStyles: Set<Int> = [0, 1, 2, 4, 7, 9, 22, 24, 27, 29, 31, 39]

  /// The bytes made safe, or `nil` when they are safe as they are (most output: one pass, no copy).
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 text.
  ///   - keepingStyles: Whether toolbox's own SGR sequences are kept (colour is on).
  /// - Returns: The safe bytes, or `nil` if nothing needs to change.
  public static func sanitized(_ bytes: UnsafeBufferPointer<UInt8>, keepingStyles: Bool)
    -> [UInt8]?
  {
    var index = 0
    let count = bytes.count
    // The first byte that needs care; most output has none.
    while index < count {
      let byte = bytes[index]
      if byte >= 0x20 && byte < 0x7F || byte == 0x0A || byte == 0x09 {
        index += 1
        continue
      }
      if byte < 0x80 || Self.specialLength(bytes, at: index) > 0 { break }
      index += 1
    }
    guard index < count else { return nil }
    var output = [UInt8]()
    output.reserveCapacity(count + 16)
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<index]))
    while index < count {
      let byte = bytes[index]
      if byte >= 0x20 && byte < 0x7F || byte == 0x0A || byte == 0x09
        || byte >= 0x80
          && Self.specialLength(bytes, at: index) == 0
      {
        output.append(byte)
        index += 1
        continue
      }
      if byte == 0x1B, keepingStyles, let length = Self.ownStyleLength(bytes, at: index) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
        index += length
        continue
      }
      if byte >= 0x80 {
        let length = Self.specialLength(bytes, at: index)
        if length == 2 {  // C1: C2 80...9F
          Self.appendEscape(UInt32(bytes[index + 1]), to: &output)
        }  // else a bidi control, left out
        index += length
        continue
      }
      Self.appendEscape(UInt32(byte), to: &output)
      index += 1
    }
    return output
  }

  /// The text made safe (see ``sanitized(_:keepingStyles:)``).
  public static func sanitized(_ text: String, keepingStyles: Bool) -> String {
    var text = text
    return text.withUTF8 { bytes in
      Self.sanitized(bytes, keepingStyles: keepingStyles).map {
        String(decoding: $0, as: UTF8.self)
      }
    } ?? text
  }

  /// 2 for a C1 control (C2 80...9F), 3 for a bidi control, 0 for anything else at `index`.
  private static func specialLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return 2 }
    if byte == 0xE2, Unicode.Scalar.isBidiControl(utf8: bytes, at: index) { return 3 }
    return 0
  }

  /// The length of one of ``TextStyle``'s own sequences at `index` (`ESC [ digits m`), or `nil`.
  private static func ownStyleLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    guard index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else { return nil }
    var end = index + 2
    var value = 0
    while end < bytes.count, end - index < 5, (0x30...0x39).contains(bytes[end]) {
      value = value * 10 + Int(bytes[end] - 0x30)
      end += 1
    }
    guard end > index + 2, end < bytes.count, bytes[end] == UInt8(ascii: "m"),
      Self.ownStyles.contains(value)
    else { return nil }
    return end + 1 - index
  }

  private static func appendEscape(_ value: UInt32, to output: inout [UInt8]) {
    output.append(contentsOf: Array("\\u{\(String(value, radix: 16, uppercase: true))}".utf8))
  }
}
