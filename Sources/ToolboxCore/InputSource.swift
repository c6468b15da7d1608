#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input (or any byte source) read line by line, in constant memory.
public protocol InputSource: Sendable {
  /// The lines of the input, without their endings; a final line without an ending counts.
  ///
  /// A line ends at LF, CRLF or a lone CR (old Mac files, `\r`-only progress output), in any mix. A line
  /// longer than ``LineSequence/maximumLineLength`` bytes stops the sequence (see ``LineSequence``).
  ///
  /// - Returns: A sequence that reads lazily as it is iterated.
  func lines() -> LineSequence
}

extension InputSource {
  /// The whole input as text, its lines joined with `\n` (so CRLF and CR endings become LF), for commands
  /// that read standard input whole, such as an import. Unlike joining ``lines()``, which simply ends at a
  /// line over the limit, a line longer than ``LineSequence/maximumLineLength`` is an error, so a command
  /// never acts on input that was cut short.
  ///
  /// - Returns: The text (a final line ending is not kept).
  /// - Throws: ``DataError`` (65): `line N of standard input is longer than 1 MiB (1048576 bytes)`.
  public func readText() throws(DataError) -> String {
    var overlong: OverlongLine?
    let lines = lines().monitored(stoppingWhen: { false }, onOverlongLine: { overlong = $0 })
    let text = lines.joined(separator: "\n")
    if let overlong { throw overlong.wholeReadError }
    return text
  }
}
