// toolbox-search-http: performs one HTTP GET for `toolbox search`, the way git runs `git-remote-http`.
//
// It is the only program of the package that links FoundationNetworking (URLSession, libcurl and ~50 shared
// libraries), so no other toolbox command pays for loading it. It imports nothing of toolbox's own.
//
// Protocol (version 1), all text lines end with "\n":
//
//   request on standard input          response on standard output
//   toolbox-search-http 1              toolbox-search-http 1
//   url <absolute http(s) URL>         status <code>
//   timeout <seconds>                  header <lower-case name>: <value>     (any number)
//   header <name>: <value>   (any)     body <byte count>
//   <empty line>                       <exactly that many bytes>
//
// or, when there is no HTTP response:    toolbox-search-http 1
//                                        error <kind> <message>
// where <kind> is `timeout`, `connection`, `tls`, `invalid_url` or `failed`;
// or, when the status and headers arrived but the body did not arrive whole:
//                                        error truncated <status> <message>
//                                        error undecodable <status> <message>
// (`truncated`: the connection ended before the end of the body; `undecodable`: a Content-Encoding such
// as gzip whose data libcurl cannot decode). The exit status is 0 whenever a frame was written. The caller
// enforces the overall deadline by killing this process; the helper's own watchdog (deadline + 2 s) only
// keeps it from outliving a caller that was killed.

import Foundation
import FoundationNetworking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The request, as read from standard input.
struct Request {
  var url = ""
  var timeout = 10.0
  var headers: [(String, String)] = []
}

/// Writes bytes to standard output, retrying short writes.
func writeOut(_ bytes: [UInt8]) {
  var offset = 0
  while offset < bytes.count {
    let count = bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
    if count < 0 {
      if errno == EINTR { continue }
      exit(3)
    }
    offset += count
  }
}

/// Serializes the end of the process: the watchdog and the finished transfer may race, only one frame is
/// written.
let finishing = NSLock()

/// Writes one complete frame and ends the process.
func finish(_ frame: [UInt8]) -> Never {
  finishing.lock()
  writeOut(frame)
  exit(0)
}

/// Writes an error frame and ends the process.
func fail(_ kind: String, _ message: String) -> Never {
  let line = message.replacingOccurrences(of: "\n", with: " ")
  finish(Array("toolbox-search-http 1\nerror \(kind) \(line)\n".utf8))
}

/// Reads standard input to its end.
func readStandardInput() -> [UInt8] {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 16_384)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if count < 0 {
      if errno == EINTR { continue }
      break
    }
    if count == 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return bytes
}

/// Parses the request frame.
func parseRequest(_ bytes: [UInt8]) -> Request? {
  let lines = String(decoding: bytes, as: UTF8.self).split(
    separator: "\n", omittingEmptySubsequences: false)
  guard lines.first == "toolbox-search-http 1" else { return nil }
  var request = Request()
  for line in lines.dropFirst() {
    if line.isEmpty { break }
    if line.hasPrefix("url ") {
      request.url = String(line.dropFirst(4))
    } else if line.hasPrefix("timeout "), let seconds = Double(line.dropFirst(8)), seconds > 0 {
      request.timeout = seconds
    } else if line.hasPrefix("header "), let colon = line.firstIndex(of: ":") {
      let name = line[line.index(line.startIndex, offsetBy: 7)..<colon]
      let value = line[line.index(after: colon)...].drop { $0 == " " }
      request.headers.append((String(name), String(value)))
    } else {
      return nil
    }
  }
  return request
}

/// The kind of a transport error, as the caller distinguishes them (only some are retried).
func kind(of error: URLError) -> String {
  switch error.code {
  case .timedOut: "timeout"
  case .badURL, .unsupportedURL: "invalid_url"
  case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
    .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
    .clientCertificateRequired:
    "tls"
  case .httpTooManyRedirects, .redirectToNonExistentLocation, .userAuthenticationRequired,
    .userCancelledAuthentication:
    "failed"
  default: "connection"
  }
}

/// Receives the answer: its status and headers first, then the body in pieces. Seeing the head arrive
/// separately tells a connection that failed (before any answer: retried by the caller) from an answer
/// whose body broke off or cannot be decoded (`truncated`, `undecodable`).
///
/// URLSession calls it on `queue`, one call at a time, so its state needs no lock.
final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let queue: OperationQueue = {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    return queue
  }()
  private var response: HTTPURLResponse?
  private var body: [UInt8] = []

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    self.response = response as? HTTPURLResponse
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    body.append(contentsOf: data)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    let http = response ?? task.response as? HTTPURLResponse
    if let error { failed(error, answer: http) }
    guard let http else { fail("failed", "the answer is not an HTTP response") }
    var frame = "toolbox-search-http 1\nstatus \(http.statusCode)\n"
    for (name, value) in http.allHeaderFields {
      guard let name = name as? String, let value = value as? String else { continue }
      let line = value.replacingOccurrences(of: "\n", with: " ")
      frame += "header \(name.lowercased()): \(line)\n"
    }
    frame += "body \(body.count)\n"
    finish(Array(frame.utf8) + body)
  }

  /// Reports a failed transfer: as a transport error when no answer arrived (or the deadline passed),
  /// else as an answer whose body is `undecodable` (a `Content-Encoding` libcurl could not undo) or
  /// `truncated` (the connection ended before the whole body arrived).
  private func failed(_ error: Error, answer: HTTPURLResponse?) -> Never {
    let urlError = error as? URLError
    guard let answer, urlError?.code != .timedOut else {
      if let urlError { fail(kind(of: urlError), urlError.localizedDescription) }
      fail("connection", error.localizedDescription)
    }
    let status = answer.statusCode
    let reason = error.localizedDescription
    let encoding = (answer.value(forHTTPHeaderField: "Content-Encoding") ?? "")
      .trimmingCharacters(in: .whitespaces)
    if !encoding.isEmpty, encoding.lowercased() != "identity" {
      fail(
        "undecodable",
        "\(status) the body cannot be decoded (content-encoding \(encoding)): \(reason)")
    }
    let expected = answer.expectedContentLength
    if expected > Int64(body.count) {
      fail(
        "truncated",
        "\(status) the connection closed after \(body.count) of the \(expected) bytes of the body")
    }
    fail(
      "truncated",
      "\(status) the connection closed after \(body.count) bytes of the body, before its end "
        + "(\(reason))")
  }
}

// MARK: - Main

guard let request = parseRequest(readStandardInput()) else {
  fail("failed", "malformed request frame (toolbox-search-http speaks protocol version 1)")
}
guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
  scheme == "http" || scheme == "https", url.host != nil
else {
  fail("invalid_url", "not an absolute http or https URL: \(request.url)")
}

// Backstop only: the caller kills this process at the deadline.
DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout + 2) {
  fail("timeout", "no complete response within \(request.timeout) s")
}

let configuration = URLSessionConfiguration.ephemeral
configuration.timeoutIntervalForRequest = request.timeout + 1
configuration.timeoutIntervalForResource = request.timeout + 1
configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
configuration.urlCache = nil
configuration.httpShouldSetCookies = false
var urlRequest = URLRequest(url: url)
urlRequest.httpMethod = "GET"
for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }

let transfer = Transfer()
let session = URLSession(
  configuration: configuration, delegate: transfer, delegateQueue: transfer.queue)
session.dataTask(with: urlRequest).resume()
dispatchMain()
