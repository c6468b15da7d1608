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
  /// - Parameter bytes: Standard input.
  /// - Returns: The request, or `nil` if the frame is not one of version 1.
  static func parse(_ bytes: [UInt8]) -> Request? {
    let lines = String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    guard lines.first == "toolbox-search-http 1" else { return nil }
    var request = Request()
    for line in lines.dropFirst() {
      if line.isEmpty { break }
      if line.hasPrefix("url ") {
        request.url = String(line.dropFirst(4))
      } else if line.hasPrefix("timeout "), let seconds = Double(line.dropFirst(8)),
        seconds > 0, seconds.isFinite
      {
        request.timeout = min(seconds, maximumTimeout)
      } else if line.hasPrefix("header "), let colon = line.firstIndex(of: ":") {
        let name = line[line.index(line.startIndex, offsetBy: 7)..<colon]
        let value = line[line.index(after: colon)...].drop { $0 == " " }
        // A carriage return or NUL would end the header early on the wire: they become spaces.
        request.headers.append((singleLine(String(name)), singleLine(String(value))))
      } else {
        return nil
      }
    }
    return request
  }
}
