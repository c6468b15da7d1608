import Foundation

/// A documentation page read as the docs-are-tests suites read it: its fenced blocks, and the transcripts
/// in them. One parser for every suite, so that a page means the same thing to each of them; the suites
/// differ only in how they run what they find (one shell per page, one store per page, a config per block).
///
/// - A **block** is the lines between a ```` ```info ```` line and the next ```` ``` ````.
/// - A **transcript** is a `$ command` line of a block and the lines after it, up to the next `$ ` line or
///   the end of the block: what the command prints. A trailing `  # comment` is split off the command.
public struct DocPage: Sendable {
  /// A fenced block.
  public struct Block: Sendable {
    /// Its info string (`sh`, `console`, or empty).
    public let info: String
    /// Its lines.
    public let lines: [String]
  }

  /// A `$ command` line and what it prints.
  public struct Transcript: Sendable {
    /// The command, without `$ ` and without its comment.
    public let command: String
    /// The comment after `  #`, or empty.
    public let comment: String
    /// The lines after it, each ending with a newline.
    public let output: String
    /// The index of its block on the page.
    public let block: Int
    /// Its block's info string.
    public let info: String

    /// Whether the output is compared: a `# … shown` comment marks abridged output.
    public var compares: Bool { !comment.contains("shown") }
  }

  /// The page's blocks, in order.
  public let blocks: [Block]

  /// Reads a page of the package (`docs/todo.md`); a missing page has no blocks.
  public init(path: String) {
    let text =
      (try? String(contentsOfFile: TestTools.packageRoot + "/" + path, encoding: .utf8)) ?? ""
    self.init(text: text)
  }

  /// Parses a page's text.
  public init(text: String) {
    var blocks: [Block] = []
    var current: (info: String, lines: [String])?
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("```") {
        if let block = current {
          blocks.append(Block(info: block.info, lines: block.lines))
          current = nil
        } else {
          current = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
        }
      } else {
        current?.lines.append(line)
      }
    }
    self.blocks = blocks
  }

  /// Every transcript of the page, in order.
  public var transcripts: [Transcript] {
    var result: [Transcript] = []
    for (index, block) in blocks.enumerated() {
      var lines = block.lines[...]
      while let line = lines.popFirst() {
        guard line.hasPrefix("$ ") else { continue }
        var output = ""
        while let next = lines.first, !next.hasPrefix("$ ") {
          output += next + "\n"
          lines.removeFirst()
        }
        let (command, comment) = Self.splitComment(String(line.dropFirst(2)))
        result.append(
          Transcript(
            command: command, comment: comment, output: output, block: index, info: block.info))
      }
    }
    return result
  }

  /// A command without its trailing `  # comment`, and the comment.
  public static func splitComment(_ line: String) -> (command: String, comment: String) {
    guard let hash = line.range(of: "  #") else { return (line, "") }
    return (
      String(line[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces),
      String(line[hash.upperBound...]).trimmingCharacters(in: .whitespaces)
    )
  }
}
