import ToolboxCore

extension TodoTool {
  /// `toolbox todo listfile FILE [TERM…]` (todo.sh's `listfile`, `lf`).
  struct ListFile: DeclaredCommand {
    static let commandName: String? = "listfile"
    static let commandAliases = ["lf"]
    static let about = CommandAbout(
      abstract: "List a todo.txt file's lines, numbered, as todo.sh's listfile does.",
      discussion: """
        Reads any file in todo.txt's format (such as the done.txt beside a file 'todo sync' keeps, \
        where todo.sh and topydo move completed tasks) without importing it: each line that is not \
        blank, with its line number (zero-padded to the width of the last line's number, as todo.sh \
        writes it), in todo.sh's order: by the line, ignoring case (priorities first). TERMs keep the \
        lines that contain every one of them, ignoring case. The store is not read.
        """,
      examples: ["toolbox todo listfile todo.txt", "toolbox todo listfile todo.txt home"])
    let file = positional("file", help: "The file (todo.txt format).", completion: .file)
    let terms = positionals(
      "term", help: "Words a line must contain, ignoring case (all must match).", optional: true)
  }

  /// The largest file `listfile` reads (the same as `sync`'s).
  static let listFileLimit = 16 << 20

  func listFile(_ arguments: Arguments<ListFile>) throws -> CommandOutput {
    let path = try arguments.file
    let terms = try arguments.terms.map { $0.lowercased() }
    let bytes: [UInt8]
    do {
      guard let read = try context.fileSystem.contents(of: path, limit: Self.listFileLimit) else {
        throw FileSystemError("cannot read '\(path)': no such file", code: "file_not_found")
      }
      bytes = read
    } catch let error as FileReadError {
      throw FileSystemError("cannot read '\(path)': \(error.problem)", code: error.code)
    }
    guard var text = String(validating: bytes, as: UTF8.self) else {
      throw DataError("cannot read '\(path)': it is not UTF-8 text", code: "invalid_encoding")
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let lines = text.split(omittingEmptySubsequences: false) {
      $0 == "\n" || $0 == "\r\n" || $0 == "\r"
    }
    var numbered: [FileLinesResult.Line] = []
    for (index, line) in lines.enumerated() {
      let line = String(line)
      guard !TaskInput.trimmed(line).isEmpty else { continue }
      let lowered = line.lowercased()
      guard terms.allSatisfy({ lowered.contains($0) }) else { continue }
      numbered.append(FileLinesResult.Line(number: index + 1, text: line))
    }
    // todo.sh: `sort -f -k2` of the numbered lines: by the line with lower case folded, then the number.
    let keyed = numbered.map { line in
      (
        key: line.text.utf8.map { byte in
          byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
        }, line: line
      )
    }
    .sorted { left, right in
      left.key == right.key
        ? left.line.number < right.line.number : left.key.lexicographicallyPrecedes(right.key)
    }
    // The last line's number sets the width (a file ending with a line break has no line after it).
    let count = lines.count - (lines.last?.isEmpty == true ? 1 : 0)
    return .document(
      FileLinesResult(file: path, lines: keyed.map(\.line), width: String(max(count, 1)).count))
  }
}

/// The lines `listfile` shows: `{"file":"done.txt","lines":[{"line":1,"text":"x …"}]}`, or `01 x …` a
/// line.
struct FileLinesResult: CommandResult {
  struct Line: Sendable, Encodable {
    let number: Int
    let text: String

    private enum CodingKeys: String, CodingKey {
      case number = "line"
      case text
    }
  }

  let file: String
  let lines: [Line]
  /// The digits of the numbers (todo.sh pads them with zeros).
  let width: Int

  private enum CodingKeys: String, CodingKey { case file, lines }

  func text(style: TextStyle) -> String {
    lines.map { line in
      let number = String(line.number)
      return String(repeating: "0", count: max(0, width - number.count)) + number + " " + line.text
    }
    .joined(separator: "\n")
  }
}
