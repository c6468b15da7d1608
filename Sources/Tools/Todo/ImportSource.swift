import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an import reads from, in chunks, so that memory stays flat whatever the size: a regular file of at
/// most ``maximumFileSize`` bytes, or standard input.
///
/// Files must be regular files: a device (`/dev/zero`), a FIFO or a folder is refused before anything is
/// read, so an import can neither allocate without end nor hang.
struct ImportSource {
  /// The largest import file: 1 GiB, about three million tasks in JSON (a million-task export is about
  /// 330 MB), far beyond any real list, and small enough that a wrong file is refused at once.
  static let maximumFileSize = 1 << 30
  /// The longest line of a todo.txt or lines file, and the largest task object of a JSON file: 64 KiB.
  static let maximumRecordSize = 1 << 16

  /// The name in messages (`standard input` for `-`).
  let name: String
  private let nextChunk: () throws -> [UInt8]?

  /// A source over fixed chunks (tests, standard input).
  init(name: String, nextChunk: @escaping () throws -> [UInt8]?) {
    self.name = name
    self.nextChunk = nextChunk
  }

  /// Standard input, through the context's line reader (lines are joined with `\n`; invalid UTF-8 has
  /// become U+FFFD there), read as the import goes, so memory stays flat.
  ///
  /// A line over the reader's limit (1 MiB) is an error, exactly as `InputSource.readText()` reports it
  /// (`line N of standard input is longer than 1 MiB (1048576 bytes)`, 65), thrown where the input would
  /// end: before the import's transaction commits, so nothing is imported — where the plain sequence
  /// would simply end and import the lines before it.
  static func standardInput(_ input: any InputSource) -> ImportSource {
    final class Overlong: @unchecked Sendable { var line: OverlongLine? }
    let overlong = Overlong()
    var iterator = input.lines().monitored(
      stoppingWhen: { false }, onOverlongLine: { overlong.line = $0 }
    ).makeIterator()
    return ImportSource(name: "standard input") {
      guard let line = iterator.next() else {
        if let line = overlong.line { throw line.wholeReadError }
        return nil
      }
      return Array(line.utf8) + [0x0A]
    }
  }

  /// A regular file.
  ///
  /// - Parameter path: The file.
  /// - Returns: The source; the file stays open until the source is released.
  /// - Throws: ``FileSystemError`` (74) for a missing or unreadable file; ``TodoError`` (65) for anything
  ///   that is not a regular file, or a file over the size limit.
  static func file(_ path: String) throws -> ImportSource {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused right after.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if descriptor < 0 {
      if errno == ENOENT {
        throw FileSystemError("cannot read '\(path)': no such file", code: "file_not_found")
      }
      throw LocalFileSystem.error("cannot read", path)
    }
    let handle = Descriptor(descriptor)
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw LocalFileSystem.error("cannot read", path) }
    let kind = status.st_mode & S_IFMT
    if kind == S_IFDIR {
      throw FileSystemError("cannot read '\(path)': it is a directory", code: "io_error")
    }
    guard kind == S_IFREG else {
      throw TodoError.invalidImport(
        source: path, location: nil,
        detail: "it is not a regular file (a device, FIFO or socket); import reads regular files "
          + "and standard input (-)")
    }
    guard Int(status.st_size) <= maximumFileSize else {
      throw TodoError.invalidImport(
        source: path, location: nil,
        detail: "it is \(status.st_size) bytes, over the limit of \(maximumFileSize) bytes (1 GiB)")
    }
    var total = 0
    return ImportSource(name: path) {
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(handle.value, $0.baseAddress, $0.count) }
        if count < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          throw LocalFileSystem.error("cannot read", path)
        }
        guard count > 0 else { return nil }
        total += count
        guard total <= maximumFileSize else {
          throw TodoError.invalidImport(
            source: path, location: nil,
            detail: "it grew over the limit of \(maximumFileSize) bytes (1 GiB) while being read")
        }
        chunk.removeLast(chunk.count - count)
        return chunk
      }
    }
  }

  /// The whole source (iCalendar is read whole), at most `limit` bytes.
  ///
  /// - Throws: ``TodoError/invalidImport(source:location:detail:)`` past the limit; what reading throws.
  func readAll(limit: Int) throws -> [UInt8] {
    var bytes: [UInt8] = []
    while let chunk = try nextChunk() {
      bytes.append(contentsOf: chunk)
      guard bytes.count <= limit else {
        throw TodoError.invalidImport(
          source: name, location: nil,
          detail: "it is over the limit of \(limit) bytes for iCalendar")
      }
    }
    return bytes
  }

  /// The first bytes (at least 64 past leading white space, unless the input is shorter), and a source
  /// that still yields everything (for guessing the format).
  func peeking() throws -> (start: [UInt8], source: ImportSource) {
    var start: [UInt8] = []
    var done = false
    while !done, start.drop(while: { $0 <= 0x20 || $0 >= 0xEF }).count < 64 {
      if let chunk = try nextChunk() { start += chunk } else { done = true }
    }
    var first: [UInt8]? = start.isEmpty ? nil : start
    let rest = nextChunk
    return (
      start,
      ImportSource(name: name) {
        if let chunk = first {
          first = nil
          return chunk
        }
        if done { return nil }
        let chunk = try rest()
        if chunk == nil { done = true }
        return chunk
      }
    )
  }

  /// Calls `body` with each line (without its ending) and its 1-based number. LF, CRLF and a lone CR all
  /// end a line (mixed endings too); a UTF-8 byte order mark at the start is skipped.
  ///
  /// - Parameter body: Called with the line number and the line's bytes (`nil` when the line is longer
  ///   than ``maximumRecordSize``: its bytes are skipped).
  /// - Throws: What reading or `body` throws.
  func forEachLine(_ body: (Int, ArraySlice<UInt8>?) throws -> Void) throws {
    var line: [UInt8] = []
    var tooLong = false
    var number = 0
    var afterCR = false
    var first = true
    func finish() throws {
      number += 1
      try body(number, tooLong ? nil : line[...])
      line.removeAll(keepingCapacity: true)
      tooLong = false
    }
    while var chunk = try nextChunk() {
      if first {
        first = false
        if chunk.starts(with: [0xEF, 0xBB, 0xBF]) { chunk.removeFirst(3) }
      }
      var start = chunk.startIndex
      for index in chunk.indices {
        let byte = chunk[index]
        guard byte == 0x0A || byte == 0x0D else { continue }
        if byte == 0x0A, afterCR, index == start {
          // The LF of a CRLF whose CR ended the previous line.
          start = index + 1
          afterCR = false
          continue
        }
        append(chunk[start..<index], to: &line, tooLong: &tooLong)
        try finish()
        afterCR = byte == 0x0D
        start = index + 1
      }
      if start < chunk.endIndex {
        afterCR = false
        append(chunk[start...], to: &line, tooLong: &tooLong)
      }
    }
    if !line.isEmpty || tooLong { try finish() }
  }

  private func append(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8], tooLong: inout Bool) {
    guard !tooLong else { return }
    if line.count + bytes.count > Self.maximumRecordSize {
      tooLong = true
      line.removeAll()
    } else {
      line.append(contentsOf: bytes)
    }
  }

  /// Calls `body` with each element of a JSON import, `{"tasks":[…]}` or a bare array, without holding the
  /// whole document: each element's bytes are cut out of the stream and parsed on their own, while the
  /// whole document's syntax is checked (``JSONArrayFramer``).
  ///
  /// - Parameter body: Called with each element (its number, bytes and where it starts in the file).
  /// - Throws: ``ImportProblem`` for a document that is not JSON (`invalid JSON: … at line L, column C`)
  ///   or not of that shape (with no location), even after an invalid task; what reading throws; what
  ///   `body` throws (an invalid task's ``TodoError`` once the rest of the document was found to be JSON).
  func forEachJSONElement(_ body: (JSONArrayFramer.Element) throws -> Void) throws {
    var framer: JSONArrayFramer?
    while var chunk = try nextChunk() {
      if framer == nil {
        let mark = chunk.starts(with: [0xEF, 0xBB, 0xBF])
        if mark { chunk.removeFirst(3) }
        framer = JSONArrayFramer(byteOrderMark: mark)
      }
      try framer?.feed(chunk, body)
    }
    var last = framer ?? JSONArrayFramer()
    try last.finish()
  }
}

/// A file descriptor closed when the last reference goes.
private final class Descriptor {
  let value: Int32
  init(_ value: Int32) { self.value = value }
  deinit { close(value) }
}
