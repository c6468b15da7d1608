import CCurl

/// The request, as read from standard input.
struct Request {
  /// The method, a token (`GET` unless given).
  var method = "GET"
  var url = ""
  /// Seconds, above 0 and at most a day.
  var timeout = 10.0
  var headers: [(name: String, value: String)] = []
  /// The request body (at most ``maximumBody`` bytes).
  var body: [UInt8] = []
  /// Whether to read credentials from a netrc file (libcurl's `~/.netrc` unless ``netrcFile`` names one).
  var netrc = false
  var netrcFile: String?
  /// A user name and password for HTTP Basic or Digest authentication.
  var user: String?
  var password: String?
  /// A PEM file of certificate authorities that replaces the system's.
  var caFile: String?
  /// Whether credentials may go over plain http to a host that is not a loopback address.
  var insecureCredentials = false

  /// The longest timeout accepted; a longer one is shortened to it.
  static let maximumTimeout = 86_400.0
  /// The largest request body: 64 MiB.
  static let maximumBody = 64 << 20
  /// The most bytes of header lines a frame may have before its body.
  static let maximumHead = 1 << 20

  /// Whether the request carries credentials (a user name and password, or a netrc file).
  var hasCredentials: Bool { netrc || hasUserAndPassword }

  /// Whether a user name or password is given. (`case nil`, not `!= nil`, which here would compare two
  /// `String?` with String's `==` and take the standard library's Unicode tables.)
  var hasUserAndPassword: Bool {
    if case nil = user, case nil = password { return false }
    return true
  }

  /// Whether libcurl sends it as its own GET or HEAD (no body): anything else is a custom request with a
  /// body, maybe empty.
  var sendsAsGETOrHEAD: Bool {
    body.isEmpty && (method.sameBytes(as: "GET") || method.sameBytes(as: "HEAD"))
  }

  /// Whether the helper follows redirects for this request: only for GET and HEAD without a body. Any
  /// other method (PUT, DELETE, PROPFIND, ...) must not be sent again somewhere else without the caller
  /// knowing, so its redirect is reported.
  var followsRedirects: Bool { sendsAsGETOrHEAD }

  /// Parses a one-shot request frame (version 2): the whole of standard input.
  ///
  /// The header lines are read as UTF-8 (an invalid byte becomes U+FFFD) and taken apart byte by byte,
  /// their delimiters being ASCII. A line ends at a line feed that does not follow a carriage return: CR
  /// LF stays inside a line (in a header it then becomes two spaces; see ``singleLine(_:)``). The header
  /// lines end at an empty line; the body's bytes follow it, exactly as many as the `body` line says.
  ///
  /// - Parameter bytes: Standard input.
  /// - Returns: The request, or `nil` if the frame is not one of version 2.
  static func parse(_ bytes: [UInt8]) -> Request? {
    var start = 0
    var bodyStart = bytes.count
    var index = 0
    while index < bytes.count {
      if bytes[index] == 10 && (index == 0 || bytes[index - 1] != 13) {
        if index == start {
          bodyStart = index + 1
          break
        }
        start = index + 1
      }
      index += 1
    }
    guard bodyStart <= maximumHead + 1,
      let (head, bodyCount) = parseHead(bytes[0..<min(bodyStart, bytes.count)], version: 2)
    else {
      return nil
    }
    var request = head
    // Exactly the announced body follows the empty line: a frame cut short, or with more after it, is
    // not the frame the caller meant.
    guard bytes.count - min(bodyStart, bytes.count) == bodyCount else { return nil }
    if bodyCount > 0 { request.body = Array(bytes[bodyStart...]) }
    return request
  }

  /// Parses the header lines of a request frame (up to and maybe including the empty line that ends
  /// them): the version line, then one line a field.
  ///
  /// - Parameters:
  ///   - head: The bytes of the header lines.
  ///   - version: The protocol version the first line must name (2: one-shot; 3: session).
  /// - Returns: The request without its body and the body's announced byte count, or `nil` if a line is
  ///   unknown or malformed.
  static func parseHead(_ head: ArraySlice<UInt8>, version: Int) -> (Request, Int)? {
    var lines: [[UInt8]] = []
    var start = head.startIndex
    var index = head.startIndex
    while index < head.endIndex {
      if head[index] == 10 && (index == head.startIndex || head[index - 1] != 13) {
        if index == start { break }
        lines.append(Array(String(decoding: head[start..<index], as: UTF8.self).utf8))
        start = index + 1
      }
      index += 1
    }
    if index >= head.endIndex, start < head.endIndex {
      lines.append(Array(String(decoding: head[start...], as: UTF8.self).utf8))
    }
    guard let first = lines.first, first.elementsEqual("toolbox-http \(version)".utf8) else {
      return nil
    }
    var request = Request()
    var bodyCount = 0
    for line in lines.dropFirst() {
      if line.starts(with: "url ".utf8) {
        request.url = text(line.dropFirst(4))
      } else if line.starts(with: "method ".utf8) {
        let method = line.dropFirst(7)
        guard isToken(method) else { return nil }
        request.method = text(method)
      } else if line.starts(with: "timeout ".utf8), let seconds = seconds(line.dropFirst(8)),
        seconds > 0, seconds.isFinite
      {
        request.timeout = min(seconds, maximumTimeout)
      } else if line.starts(with: "header ".utf8), let colon = line.firstIndex(of: 58) {
        let name = line[(line.startIndex + 7)..<colon]
        let value = line[(colon + 1)...].drop { $0 == 32 }
        // A carriage return or NUL would end the header early on the wire: they become spaces.
        request.headers.append((singleLine(text(name)), singleLine(text(value))))
      } else if line.starts(with: "body ".utf8), let count = count(line.dropFirst(5)),
        count <= maximumBody
      {
        bodyCount = count
      } else if line.elementsEqual("netrc".utf8) {
        request.netrc = true
      } else if line.starts(with: "netrc-file ".utf8), line.count > 11 {
        request.netrc = true
        request.netrcFile = text(line.dropFirst(11))
      } else if line.starts(with: "user ".utf8) {
        request.user = text(line.dropFirst(5))
      } else if line.starts(with: "password ".utf8) {
        request.password = text(line.dropFirst(9))
      } else if line.starts(with: "cacert ".utf8), line.count > 7 {
        request.caFile = text(line.dropFirst(7))
      } else if line.elementsEqual("insecure-credentials".utf8) {
        request.insecureCredentials = true
      } else {
        return nil
      }
    }
    return (request, bodyCount)
  }

  /// A method is an HTTP token (RFC 9110): letters, digits and ``!#$%&'*+-.^_`|~``, at most 32 of them.
  private static func isToken(_ bytes: ArraySlice<UInt8>) -> Bool {
    !bytes.isEmpty && bytes.count <= 32
      && bytes.allSatisfy { byte in
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
          || Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
      }
  }

  /// A decimal count of bytes: digits only, at most 9 of them.
  private static func count(_ bytes: ArraySlice<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 9, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
      return nil
    }
    return bytes.reduce(0) { $0 * 10 + Int($1 - 48) }
  }

  private static func text(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
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
