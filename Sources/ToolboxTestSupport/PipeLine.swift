import Foundation

extension FileHandle {
  /// Reads until the first line break (or the end) and returns that first line, trimmed: how tests read
  /// the port a helper server prints when it is ready.
  public func readFirstLine() -> String {
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self)
    return String(text.prefix { $0 != "\n" }).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
