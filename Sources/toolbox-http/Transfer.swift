/// The limits the helper enforces while it receives.
enum Limits {
  /// The largest body, in bytes, both as sent (compressed) and once decoded: 32 MB, as
  /// `HelperHTTPClient.maximumResponseSize`.
  static let body = 32 << 20
  /// The most bytes of header lines (the status line included) of one response: 100 KB, as libcurl's own
  /// limit for a single header line.
  static let head = 100 << 10
  /// The most redirects followed in a row.
  static let redirects = 5
}

/// Why the helper stopped a transfer itself, from one of libcurl's callbacks.
enum Stop {
  /// Over a limit: the message says which.
  case tooLarge(String)
  /// A redirect, to the value of its Location header (maybe relative).
  case redirect(location: String)
}

/// One response as it arrives: libcurl's header, write and progress callbacks report to it, one call at a
/// time on the thread that runs `curl_easy_perform`. Each callback gets it as its context pointer
/// (``Unmanaged``, not retained: ``Exchange/run(_:)`` keeps it alive for as long as the handle exists).
final class Transfer {
  /// The status of the current response, from its status line (0 before one arrived).
  private(set) var status = 0
  /// Whether a status line arrived.
  private(set) var sawStatusLine = false
  /// Whether the final (not 1xx) response's header block ended: the answer is there, its body may follow.
  private(set) var headComplete = false
  /// The header fields of the current response, in order.
  private(set) var headers: [(name: String, value: String)] = []
  /// The body received so far, decoded.
  private(set) var body: [UInt8] = []
  /// Why the helper stopped the transfer, if it did.
  private(set) var stop: Stop?
  /// Bytes of header lines of the current response so far.
  private var headBytes = 0
  /// Whether a redirect stops the transfer for the helper to follow it (GET and HEAD); otherwise it is
  /// an answer like any other, status, Location and body.
  let stopsAtRedirects: Bool

  init(stopsAtRedirects: Bool) {
    self.stopsAtRedirects = stopsAtRedirects
  }

  /// Forgets everything, for the next request (after a redirect).
  func reset() {
    status = 0
    sawStatusLine = false
    headComplete = false
    headers = []
    body = []
    stop = nil
    headBytes = 0
  }

  /// The value of a header of the current response (the first of that name), by lower-case name.
  func header(_ name: String) -> String? {
    headers.first { $0.name.sameBytes(as: name) }?.value
  }

  /// The announced body size, or `nil` when there is no valid Content-Length.
  var contentLength: Int64? {
    guard let text = header("content-length"), !text.isEmpty,
      text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 })
    else { return nil }
    return Int64(text) ?? Int64.max
  }

  /// The Content-Encoding, unless none or `identity`.
  var contentEncoding: String? {
    guard let value = header("content-encoding"), !value.isEmpty,
      !value.asciiLowercased.sameBytes(as: "identity")
    else { return nil }
    return value
  }

  /// One header line as libcurl passes it (with its line end): a status line, a field, a continuation
  /// line, or the empty line that ends a header block.
  ///
  /// - Returns: `false` to stop the transfer (``stop`` says why).
  func receiveHeader(_ raw: UnsafeRawBufferPointer) -> Bool {
    var line = Array(raw)
    let isStatusLine = line.starts(with: Array("HTTP/".utf8))
    // Trailers after a chunked body: not part of the answer.
    if headComplete, !isStatusLine { return true }
    if isStatusLine {
      // A new response (after 1xx ones, or after a 401 that libcurl answers with credentials in the same
      // transfer): only the last one counts, with its own headers and body.
      status = Self.status(ofLine: line)
      sawStatusLine = true
      headComplete = false
      headers = []
      body = []
      headBytes = 0
    }
    headBytes += raw.count
    guard headBytes <= Limits.head else {
      stop = .tooLarge("the response headers are larger than \(Limits.head >> 10) KB")
      return false
    }
    while let last = line.last, last == 10 || last == 13 { line.removeLast() }
    if line.isEmpty {
      return endOfHead()
    }
    if line[0] == 32 || line[0] == 9 {
      // An obsolete folded line continues the previous field.
      if !headers.isEmpty {
        headers[headers.count - 1].value += " " + Self.trimmed(line[...])
      }
      return true
    }
    guard sawStatusLine, let colon = line.firstIndex(of: 58) else { return true }
    let name = Self.trimmed(line[..<colon]).asciiLowercased
    guard !name.isEmpty, !name.utf8.contains(32) else { return true }
    headers.append((name, Self.trimmed(line[(colon + 1)...])))
    return true
  }

  /// The end of a header block: a 1xx answer is skipped; the final one is checked before its body comes.
  private func endOfHead() -> Bool {
    guard sawStatusLine, !(100...199).contains(status) else { return true }
    headComplete = true
    if stopsAtRedirects, [301, 302, 303, 307, 308].contains(status),
      let location = header("location"),
      !location.isEmpty
    {
      stop = .redirect(location: location)
      return false
    }
    if let length = contentLength {
      guard length <= Int64(Limits.body) else {
        stop = .tooLarge(
          "the body is larger than \(Limits.body >> 20) MB (content-length \(length))")
        return false
      }
      // (`case nil`, not `== nil`, which here would compare two `String?` with String's `==`)
      if case nil = contentEncoding { body.reserveCapacity(Int(length)) }
    }
    return true
  }

  /// Body bytes, decoded.
  ///
  /// - Returns: `false` to stop the transfer: they would make the body larger than ``Limits/body``.
  func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count <= Limits.body - body.count else {
      if let encoding = contentEncoding {
        stop = .tooLarge(
          "the body is larger than \(Limits.body >> 20) MB once decoded (content-encoding \(encoding))"
        )
      } else {
        stop = .tooLarge("the body is larger than \(Limits.body >> 20) MB")
      }
      return false
    }
    body.append(contentsOf: bytes)
    return true
  }

  /// libcurl's progress: `received` body bytes as they came over the wire (before decoding).
  ///
  /// - Returns: `false` to stop the transfer: the body as sent is larger than ``Limits/body``.
  func progress(received: Int64) -> Bool {
    guard received <= Int64(Limits.body) else {
      if stop == nil { stop = .tooLarge("the body is larger than \(Limits.body >> 20) MB") }
      return false
    }
    return true
  }

  /// The status code of a status line (`HTTP/1.1 200 OK`, `HTTP/2 404`), or 0.
  private static func status(ofLine line: [UInt8]) -> Int {
    guard let space = line.firstIndex(of: 32) else { return 0 }
    let digits = line[(space + 1)...].prefix(3)
    guard digits.count == 3, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return 0 }
    return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
  }

  /// The bytes as text, without the spaces and tabs around it.
  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
    let start = bytes.firstIndex { $0 != 32 && $0 != 9 } ?? bytes.endIndex
    let end = bytes.lastIndex { $0 != 32 && $0 != 9 }.map { $0 + 1 } ?? start
    return singleLine(String(decoding: bytes[start..<max(start, end)], as: UTF8.self))
  }
}
