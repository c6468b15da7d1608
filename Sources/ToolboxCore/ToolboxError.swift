#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An error toolbox reports to the user: one line of text, a stable code for JSON, and an exit status.
///
/// Messages are one lowercase sentence without a final period that quotes user input in '...' and names the
/// next step when there is one. The dispatcher prefixes `toolbox: <tool>: `.
public protocol ToolboxError: Error, Sendable, CustomStringConvertible {
  /// The exit status this error ends the process with.
  var exitCode: ExitCode { get }
  /// A stable snake_case identifier, used as `error.code` in JSON output.
  var code: String { get }
  /// An optional second line for text output (for example the usage line).
  var hint: String? { get }
}

extension ToolboxError {
  public var hint: String? { nil }
}

/// A command line that does not match the command's specification (exit 64).
public struct UsageError: ToolboxError, Equatable {
  public let code: String
  /// The message, without the `toolbox: <tool>:` prefix.
  public let message: String
  /// The usage line of the command, shown under the message in text mode.
  public var usage: String?

  /// Creates a usage error.
  ///
  /// - Parameters:
  ///   - message: One lowercase sentence.
  ///   - code: The JSON error code; `invalid_argument` unless something more precise applies.
  ///   - usage: The usage line of the command, if known.
  public init(_ message: String, code: String = "invalid_argument", usage: String? = nil) {
    self.message = message
    self.code = code
    self.usage = usage
  }

  public var exitCode: ExitCode { .usage }
  public var description: String { message }
  public var hint: String? { usage.map { "usage: \($0)" } }
}

/// A config file that cannot be read or does not match the schema (exit 78).
public struct ConfigError: ToolboxError, Equatable {
  public let code: String
  /// The message, naming the key path where one applies.
  public let message: String

  /// Creates a config error.
  ///
  /// - Parameters:
  ///   - message: One lowercase sentence, naming the key path (`tools.search.limt`) where one applies.
  ///   - code: The JSON error code.
  public init(_ message: String, code: String = "invalid_config") {
    self.message = message
    self.code = code
  }

  public var exitCode: ExitCode { .config }
  public var description: String { message }
}

/// Input that cannot be interpreted: an impossible date, an unparseable number, a corrupt file (exit 65).
public struct DataError: ToolboxError, Equatable {
  public let code: String
  public let message: String

  /// Creates a data error.
  ///
  /// - Parameters:
  ///   - message: One lowercase sentence quoting the input.
  ///   - code: The JSON error code.
  public init(_ message: String, code: String = "invalid_data") {
    self.message = message
    self.code = code
  }

  public var exitCode: ExitCode { .dataError }
  public var description: String { message }
}

/// A file or store that cannot be read or written (exit 74).
public struct FileSystemError: ToolboxError, Equatable {
  public let code: String
  public let message: String

  /// Creates a file-system error.
  ///
  /// - Parameters:
  ///   - message: One lowercase sentence naming the path.
  ///   - code: The JSON error code.
  public init(_ message: String, code: String = "io_error") {
    self.message = message
    self.code = code
  }

  public var exitCode: ExitCode { .ioError }
  public var description: String { message }
}

/// A service that is not available: a network failure, an HTTP error, a disabled tool (exit 69).
public struct UnavailableError: ToolboxError, Equatable {
  public let code: String
  public let message: String

  /// Creates an unavailable error.
  ///
  /// - Parameters:
  ///   - message: One lowercase sentence naming the cause.
  ///   - code: The JSON error code.
  public init(_ message: String, code: String = "unavailable") {
    self.message = message
    self.code = code
  }

  public var exitCode: ExitCode { .unavailable }
  public var description: String { message }
}

/// An error that should not happen: a bug in toolbox (exit 70).
public struct InternalError: ToolboxError {
  public let message: String

  /// Wraps an error that escaped a tool without being a ``ToolboxError``.
  ///
  /// - Parameter message: What went wrong.
  public init(_ message: String) { self.message = message }

  public var code: String { "internal_error" }
  public var exitCode: ExitCode { .software }
  public var description: String { "internal error: \(message)" }
}

extension Unicode.Scalar {
  /// Whether the scalar breaks a line or drives a terminal when printed: C0 controls (line breaks, tab,
  /// ESC), DEL, C1 controls (U+009B is CSI on some terminals), and the Unicode line and paragraph separators.
  ///
  /// These are the general categories Cc, Zl and Zp, tested by value: Cc is U+0000–U+001F and
  /// U+007F–U+009F (fixed by Unicode's stability policy), Zl is U+2028 alone and Zp U+2029 alone; the test by
  /// value spares a property lookup per scalar (`TextSafetyTests` compares the two for every scalar).
  public var isTerminalControl: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
  }
}

extension Unicode.Scalar {
  /// Whether the scalar is a bidirectional embedding, override or isolate (U+202A–U+202E,
  /// U+2066–U+2069): invisible characters that reorder the text around them on screen, so that data can
  /// show something other than what it holds ("Trojan Source"). The marks U+200E, U+200F and U+061C, which
  /// only set a direction and which number formats emit, are not among them.
  public var isBidiControl: Bool {
    (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }

  /// Whether the valid UTF-8 at `index` is a bidi control, as ``isBidiControl`` says of scalars: every
  /// one is E2 80 AA...AE or E2 81 A6...A9.
  static func isBidiControl(utf8 bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    guard index + 2 < bytes.count, bytes[index] == 0xE2 else { return false }
    let (second, third) = (bytes[index + 1], bytes[index + 2])
    return (second == 0x80 && (0xAA...0xAE).contains(third))
      || (second == 0x81 && (0xA6...0xA9).contains(third))
  }
}

extension String {
  /// The text as one line that cannot drive a terminal: line breaks, tabs, escape sequences and other
  /// control characters written as `\n`, `\r`, `\t` and `\u{1B}`, so an error message that quotes its
  /// input stays the one line the contract promises. Bidirectional overrides and isolates are written
  /// the same way (`\u{202E}`), so quoted data cannot reorder the message.
  public var escapingControlCharacters: String {
    // Most titles and messages have nothing to escape: checked on the UTF-8 bytes of a contiguous string
    // (any native one), scalar by scalar only otherwise.
    let mayNeedEscaping =
      utf8.withContiguousStorageIfAvailable(String.hasTerminalOrBidiControl) ?? true
    guard mayNeedEscaping,
      unicodeScalars.contains(where: { $0.isTerminalControl || $0.isBidiControl })
    else { return self }
    var output = ""
    output.reserveCapacity(utf8.count + 8)
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.isTerminalControl || scalar.isBidiControl:
        output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// Whether valid UTF-8 holds a scalar that ``Unicode/Scalar/isTerminalControl`` or
  /// ``Unicode/Scalar/isBidiControl``: a byte below 0x20 or 0x7F; C2 80...9F (U+0080–U+009F); E2 80 A8...AE
  /// (U+2028–U+202E) or E2 81 A6...A9 (U+2066–U+2069). No other sequence encodes those scalars.
  static func hasTerminalOrBidiControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      // ASCII first: most bytes of most text are printable ASCII, checked with one comparison each.
      if byte >= 0x20 && byte < 0x7F {
        index += 1
        continue
      }
      if byte < 0x80 { return true }
      if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
      if Unicode.Scalar.isBidiControl(utf8: bytes, at: index) { return true }
      // U+2028 and U+2029, the line and paragraph separators: E2 80 A8 and E2 80 A9.
      if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
      {
        return true
      }
      index += 1
    }
    return false
  }

  /// The text without bidirectional overrides and isolates (``Unicode/Scalar/isBidiControl``), for text
  /// from the network or files shown in a table: what remains is shown in its natural order.
  public var removingBidiControls: String {
    // Every bidi control is E2 80 AA...AE or E2 81 A6...A9 in UTF-8: most text has no 0xE2 byte at all.
    // A contiguous string (any native one) is searched with memchr: output text can be large.
    let mayHaveControls =
      utf8.withContiguousStorageIfAvailable { bytes in
        guard let base = bytes.baseAddress else { return false }
        return memchr(base, 0xE2, bytes.count) != nil
      } ?? utf8.contains(0xE2)
    guard mayHaveControls, unicodeScalars.contains(where: \.isBidiControl) else { return self }
    var result = ""
    result.reserveCapacity(utf8.count)
    for scalar in unicodeScalars where !scalar.isBidiControl {
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  /// The text with every ``Unicode/Scalar/isTerminalControl`` scalar turned into a space, for table cells
  /// and other places where the text must stay on its row.
  public var replacingControlCharactersWithSpaces: String {
    guard unicodeScalars.contains(where: \.isTerminalControl) else { return self }
    var result = ""
    result.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      result.unicodeScalars.append(scalar.isTerminalControl ? " " : scalar)
    }
    return result
  }
}
