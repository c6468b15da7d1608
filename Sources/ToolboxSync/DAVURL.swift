import ToolboxCore

/// An `http` or `https` URL of a WebDAV server, split into what requests and comparisons need: the scheme,
/// the host and port, and the path in a canonical percent-encoding.
///
/// Servers write the same resource's `href` in different ways: an absolute URL or a path, `%20` or `%2A`
/// or `*`, `%7e` or `%7E`. Every path here is decoded and encoded again the one way
/// (``DAVURL/encodePath(_:)``), so two hrefs of one resource compare equal as strings.
public struct DAVURL: Sendable, Hashable, CustomStringConvertible {
  /// `http` or `https`, lower case.
  public var scheme: String
  /// The host, lower case (an IPv6 address keeps its brackets).
  public var host: String
  /// The port, `nil` for the scheme's default.
  public var port: Int?
  /// The path, canonically percent-encoded, starting with `/`.
  public var path: String

  /// Reads an absolute URL.
  ///
  /// - Parameter text: `https://host[:port][/path]`; a query or fragment is refused, and so is a user
  ///   name or password in it (credentials have their own settings).
  /// - Throws: ``DAVURLError`` naming the problem.
  public init(_ text: String) throws(DAVURLError) {
    let quoted = "'\(text.escapingControlCharacters)'"
    guard let separator = text.firstRange(of: "://") else {
      throw DAVURLError("\(quoted) is not an http or https URL")
    }
    scheme = text[..<separator.lowerBound].lowercased()
    guard scheme == "http" || scheme == "https" else {
      throw DAVURLError("\(quoted) is not an http or https URL")
    }
    let rest = text[separator.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let remainder = rest.dropFirst(authority.count)
    guard !remainder.contains("?"), !remainder.contains("#") else {
      throw DAVURLError("\(quoted) has a query or fragment, which a collection URL does not")
    }
    guard !authority.contains("@") else {
      throw DAVURLError(
        "the URL must not hold a user name or password: set 'username' and 'passwordCommand' instead"
      )
    }
    var hostPart = Substring(authority)
    var portText: Substring?
    if hostPart.hasPrefix("[") {
      guard let close = hostPart.firstIndex(of: "]") else {
        throw DAVURLError("\(quoted) has a malformed host")
      }
      let after = hostPart[hostPart.index(after: close)...]
      if after.hasPrefix(":") {
        portText = after.dropFirst()
      } else if !after.isEmpty {
        throw DAVURLError("\(quoted) has a malformed host")
      }
      hostPart = hostPart[...close]
    } else if let colon = hostPart.lastIndex(of: ":") {
      portText = hostPart[hostPart.index(after: colon)...]
      hostPart = hostPart[..<colon]
    }
    guard !hostPart.isEmpty,
      hostPart.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._[]:".contains($0)) })
    else {
      throw DAVURLError("\(quoted) has no valid host")
    }
    host = hostPart.lowercased()
    if let portText {
      guard let number = Int(portText), (1...65535).contains(number), portText.allSatisfy(\.isASCII)
      else {
        throw DAVURLError("\(quoted) has an invalid port")
      }
      port =
        (scheme == "http" && number == 80) || (scheme == "https" && number == 443) ? nil : number
    }
    guard let decoded = Self.decodePath(remainder.isEmpty ? "/" : String(remainder)) else {
      throw DAVURLError("\(quoted) has a malformed percent-encoding")
    }
    path = Self.encodePath(decoded)
  }

  /// Creates a URL from its parts; `path` is encoded canonically.
  init(scheme: String, host: String, port: Int?, decodedPath: String) {
    self.scheme = scheme
    self.host = host
    self.port = port
    self.path = Self.encodePath(decodedPath)
  }

  /// `scheme://host[:port]`.
  public var origin: String {
    "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")"
  }

  /// The whole URL.
  public var description: String { origin + path }

  /// Whether requests to this URL travel in the clear to another machine: `http` to a host other than
  /// `localhost`, 127.0.0.0/8 or `[::1]`.
  public var isInsecure: Bool {
    scheme == "http" && !isLoopback
  }

  /// Whether the host is this machine.
  public var isLoopback: Bool {
    host == "localhost" || host.hasSuffix(".localhost") || host == "[::1]"
      || host.hasPrefix("127.")
        && host.split(separator: ".").count == 4
        && host.split(separator: ".").allSatisfy { Int($0) != nil }
  }

  /// Whether the path names a collection (ends with `/`).
  public var isCollection: Bool { path.hasSuffix("/") }

  /// The same URL with a path that ends with `/`.
  public var asCollection: DAVURL {
    var copy = self
    if !copy.path.hasSuffix("/") { copy.path += "/" }
    return copy
  }

  /// The path decoded (`/cal/a b.ics`), for messages and comparisons.
  public var decodedPath: String { Self.decodePath(path) ?? path }

  /// Resolves an `href` from the server: an absolute URL, an absolute path, or a path relative to this
  /// URL.
  ///
  /// - Throws: ``DAVURLError`` if it is malformed.
  public func resolve(_ href: String) throws(DAVURLError) -> DAVURL {
    if href.contains("://") { return try DAVURL(href) }
    let reference = href.prefix { $0 != "?" && $0 != "#" }
    let absolute: String
    if reference.hasPrefix("//") {
      return try DAVURL(scheme + ":" + reference)
    } else if reference.hasPrefix("/") {
      absolute = String(reference)
    } else {
      let folder =
        path.hasSuffix("/") ? path : String(path[...(path.lastIndex(of: "/") ?? path.startIndex)])
      absolute = folder + reference
    }
    guard let decoded = Self.decodePath(absolute) else {
      throw DAVURLError(
        "the server's href '\(href.escapingControlCharacters)' has a malformed percent-encoding")
    }
    return DAVURL(
      scheme: scheme, host: host, port: port, decodedPath: Self.removeDotSegments(decoded))
  }

  /// Whether both URLs are on the same scheme, host and port.
  public func hasSameOrigin(as other: DAVURL) -> Bool {
    scheme == other.scheme && host == other.host && port == other.port
  }

  /// Path segments `.` and `..` resolved (RFC 3986 §5.2.4).
  static func removeDotSegments(_ path: String) -> String {
    guard path.contains("/.") else { return path }
    var output: [Substring] = []
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    for (offset, segment) in segments.enumerated() {
      let isLast = offset == segments.count - 1
      if segment == "." {
        if isLast { output.append("") }
      } else if segment == ".." {
        if !output.isEmpty { output.removeLast() }
        if isLast { output.append("") }
      } else {
        output.append(segment)
      }
    }
    return "/" + output.joined(separator: "/")
  }

  /// A percent-encoded path decoded; `nil` if a `%` is not followed by two hex digits or the result is
  /// not UTF-8.
  public static func decodePath(_ path: String) -> String? {
    guard path.contains("%") else { return path }
    var bytes: [UInt8] = []
    var utf8 = Array(path.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%") {
        guard utf8.count >= 2, let high = hexValue(utf8.removeFirst()),
          let low = hexValue(utf8.removeFirst())
        else { return nil }
        bytes.append(high << 4 | low)
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// A decoded path encoded the one canonical way: the unreserved characters of RFC 3986
  /// (`A-Z a-z 0-9 - . _ ~`), `/` and `@` stay; every other byte is `%XX` in upper case.
  public static func encodePath(_ path: String) -> String {
    var result = ""
    result.reserveCapacity(path.utf8.count)
    for byte in path.utf8 {
      if isUnreserved(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "@") {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result +=
          "%" + String(byte >> 4, radix: 16, uppercase: true)
          + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return result
  }

  /// One path segment encoded: like ``encodePath(_:)`` but `/` is encoded too.
  public static func encodeSegment(_ segment: String) -> String {
    encodePath(segment).replacing("/", with: "%2F")
  }

  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }
}

/// A URL that cannot be used: one line (exit 64, `invalid_url`; a tool that read it from its config
/// reports it as a ``ConfigError`` instead).
public struct DAVURLError: ToolboxError, Equatable {
  /// The message.
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var code: String { "invalid_url" }
  public var exitCode: ExitCode { .usage }
  public var description: String { message }
}
