import CCurl

/// The request, as read from standard input.
struct Request {
  var url = ""
  /// Seconds, above 0 and at most a day.
  var timeout = 10.0
  var headers: [(name: String, value: String)] = []

  /// The longest timeout accepted; a longer one is shortened to it.
  static let maximumTimeout = 86_400.0

  /// Parses the request frame.
  ///
  /// The frame is read as UTF-8 (an invalid byte becomes U+FFFD) and taken apart byte by byte, its
  /// delimiters being ASCII. A line ends at a line feed that does not follow a carriage return: CR LF
  /// stays inside a line, as it did when the frame was split into `Character`s, of which CR LF is one
  /// (in a header it then becomes two spaces; see ``singleLine(_:)``).
  ///
  /// - Parameter bytes: Standard input.
  /// - Returns: The request, or `nil` if the frame is not one of version 1.
  static func parse(_ bytes: [UInt8]) -> Request? {
    let text = Array(String(decoding: bytes, as: UTF8.self).utf8)
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for index in text.indices where text[index] == 10 && (index == 0 || text[index - 1] != 13) {
      lines.append(text[start..<index])
      start = index + 1
    }
    lines.append(text[start...])
    guard let first = lines.first, first.elementsEqual("toolbox-http 1".utf8) else {
      return nil
    }
    var request = Request()
    for line in lines.dropFirst() {
      if line.isEmpty { break }
      if line.starts(with: "url ".utf8) {
        request.url = String(decoding: line.dropFirst(4), as: UTF8.self)
      } else if line.starts(with: "timeout ".utf8), let seconds = seconds(line.dropFirst(8)),
        seconds > 0, seconds.isFinite
      {
        request.timeout = min(seconds, maximumTimeout)
      } else if line.starts(with: "header ".utf8), let colon = line.firstIndex(of: 58) {
        let name = line[(line.startIndex + 7)..<colon]
        let value = line[(colon + 1)...].drop { $0 == 32 }
        // A carriage return or NUL would end the header early on the wire: they become spaces.
        request.headers.append(
          (
            singleLine(String(decoding: name, as: UTF8.self)),
            singleLine(String(decoding: value, as: UTF8.self))
          ))
      } else {
        return nil
      }
    }
    return request
  }

  /// The number of a `timeout` line, read as Swift's `Double(_:)` reads text: C's `strtod` (decimal or
  /// hexadecimal, `inf`, `nan`; the helper never sets a locale, so the decimal point is `.`), which must
  /// take all of the text, and no white space before it. (`Double(_:)` itself calls a C function of the
  /// Swift runtime that Embedded Swift does not have.)
  private static func seconds(_ text: ArraySlice<UInt8>) -> Double? {
    guard let first = text.first, ![0, 9, 10, 11, 12, 13, 32].contains(first) else { return nil }
    let terminated = text.map { CChar(bitPattern: $0) } + [0]
    return terminated.withUnsafeBufferPointer { buffer -> Double? in
      guard let start = buffer.baseAddress else { return nil }
      var end: UnsafeMutablePointer<CChar>?
      let value = strtod(start, &end)
      guard let end, end.pointee == 0 else { return nil }
      return value
    }
  }
}
