import ToolboxCore

/// The lines of `list`: the id (right-aligned), `[ ]`/`[x]` when styling is off (done tasks are struck
/// through instead when it is on), the priority `(A)`, the due date and its D-label, the text, `+tags`,
/// `@contexts`, then `t:`, `rec:` and `h:1` when set. Columns that no listed task uses are left out; their
/// widths come from ``TodoStore/Layout``, so rows can be written as they are read.
struct TaskLineRenderer {
  let idWidth: Int
  let hasPriority: Bool
  let dueWidth: Int
  let today: CivilDate
  let style: TextStyle

  init(layout: TodoStore.Layout, today: CivilDate, style: TextStyle) {
    self.today = today
    self.style = style
    idWidth = Self.digitCount(layout.highestID)
    hasPriority = layout.hasPriority
    var labelWidth = 0
    if let range = layout.pendingDue {
      for due in [range.lowerBound, range.upperBound] {
        labelWidth = max(labelWidth, TaskInput.label(due: due, today: today).utf8.count)
      }
    }
    dueWidth = layout.hasDue ? 10 + (labelWidth > 0 ? 1 + labelWidth : 0) : 0
  }

  /// Appends one task's line (without newline).
  func append(_ task: TodoTask, to output: inout [UInt8]) {
    Self.append(spaces: idWidth - Self.digitCount(task.id), to: &output)
    Self.append(number: task.id, to: &output)
    if !style.isEnabled {
      output.append(contentsOf: task.done ? Self.doneMark : Self.pendingMark)
    }
    if hasPriority {
      if let priority = task.priority {
        output.append(contentsOf: [0x20, UInt8(ascii: "("), priority.letter, UInt8(ascii: ")")])
      } else {
        Self.append(spaces: 4, to: &output)
      }
    }
    if dueWidth > 0 {
      output.append(0x20)
      var width = 0
      if let due = task.due {
        var cell = Self.iso(due)
        let label = task.done ? nil : TaskInput.label(due: due, today: today)
        if let label { cell += " " + label }
        width = cell.utf8.count
        output.append(contentsOf: (label != nil && due < today ? style.red(cell) : cell).utf8)
      }
      Self.append(spaces: dueWidth - width, to: &output)
    }
    output.append(0x20)
    var body = task.text
    for tag in task.tags { body += " +" + tag }
    for context in task.contexts { body += " @" + context }
    if let threshold = task.threshold { body += " t:" + Self.iso(threshold) }
    if let recurrence = task.recurrence { body += " rec:\(recurrence)" }
    if task.hidden { body += " h:1" }
    // Imported text cannot reorder the line on screen (as the output layer does for other text).
    body = body.removingBidiControls
    output.append(
      contentsOf: (task.done && style.isEnabled ? style.strikethrough(body) : body).utf8)
  }

  // MARK: - Bytes

  private static let pendingMark = Array(" [ ]".utf8)
  private static let doneMark = Array(" [x]".utf8)

  static func digitCount(_ value: Int) -> Int {
    var count = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    return count
  }

  private static func append(number: Int, to output: inout [UInt8]) {
    let start = output.count
    var rest = max(0, number)
    repeat {
      output.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    output[start...].reverse()
  }

  private static func append(spaces count: Int, to output: inout [UInt8]) {
    if count > 0 { output.append(contentsOf: repeatElement(0x20, count: count)) }
  }

  /// `YYYY-MM-DD` without the padding helpers of `CivilDate.description`.
  static func iso(_ date: CivilDate) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(10)
    for (value, digits) in [(date.year, 4), (date.month, 2), (date.day, 2)] {
      if !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
      var divisor = digits == 4 ? 1000 : 10
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
        divisor /= 10
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Tasks held in memory as one document: `{"tasks":[…]}` in JSON, the list's lines in text (for small
/// results; `list` and `export` stream instead, see ``TaskStream``).
struct TaskListResult: CommandResult {
  let tasks: [TodoTask]
  /// The date D-labels count from.
  let today: CivilDate
  /// Whether filters narrowed the list (changes the message for an empty list).
  let isFiltered: Bool

  /// The message for an empty pending list (CLI.md).
  static let emptyMessage = "No tasks. Add one with: toolbox todo add \"…\""
  /// The message when filters match nothing.
  static let noMatchMessage = "No matching tasks."

  private enum CodingKeys: String, CodingKey { case tasks }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(tasks, forKey: .tasks)
  }

  func text(style: TextStyle) -> String {
    guard !tasks.isEmpty else { return isFiltered ? Self.noMatchMessage : Self.emptyMessage }
    var layout = TodoStore.Layout()
    for task in tasks {
      layout.count += 1
      layout.highestID = max(layout.highestID, task.id)
      layout.hasPriority = layout.hasPriority || task.priority != nil
      layout.hasDue = layout.hasDue || task.due != nil
      if let due = task.due, !task.done {
        layout.pendingDue =
          layout.pendingDue.map { min($0.lowerBound, due)...max($0.upperBound, due) } ?? due...due
      }
    }
    let renderer = TaskLineRenderer(layout: layout, today: today, style: style)
    var output: [UInt8] = []
    for task in tasks {
      if !output.isEmpty { output.append(UInt8(ascii: "\n")) }
      renderer.append(task, to: &output)
    }
    return String(decoding: output, as: UTF8.self)
  }
}

/// Writes outputs too large to hold in memory in parts: text lines through ``Buffer``, JSON documents through
/// Core's `JSONStreamWriter` (``document(sink:)``), byte for byte the document `JSONOutput.document` would
/// print.
struct TaskStream {
  /// A pretty JSON document written piece by piece to `sink`.
  static func document(sink: @escaping (String) throws -> Void) -> JSONStreamWriter {
    JSONStreamWriter(pretty: true, sink: sink)
  }

  /// Collects output and hands it on in chunks of about 64 KiB.
  final class Buffer {
    private var bytes: [UInt8] = []
    private let sink: (String) throws -> Void

    init(sink: @escaping (String) throws -> Void) {
      self.sink = sink
      bytes.reserveCapacity(1 << 16)
    }

    func append(_ text: String) throws {
      bytes.append(contentsOf: text.utf8)
      if bytes.count >= 1 << 16 { try flush() }
    }

    func append(bytes more: [UInt8]) throws {
      bytes.append(contentsOf: more)
      if bytes.count >= 1 << 16 { try flush() }
    }

    func flush() throws {
      guard !bytes.isEmpty else { return }
      try sink(String(decoding: bytes, as: UTF8.self))
      bytes.removeAll(keepingCapacity: true)
    }
  }
}
