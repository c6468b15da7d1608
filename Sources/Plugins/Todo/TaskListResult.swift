import ToolboxCore

/// The tasks `list` shows: `{"tasks":[…]}` in JSON, aligned lines in text.
///
/// A line is: the id (right-aligned), `[ ]`/`[x]` when styling is off (done tasks are struck through
/// instead when it is on), the priority `(A)`, the due date and its D-label, the text and `+tags`.
/// Columns that no listed task uses are left out.
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
    guard let last = tasks.max(by: { $0.id < $1.id }) else {
      return isFiltered ? Self.noMatchMessage : Self.emptyMessage
    }
    // Written as UTF-8 bytes into one buffer: ten thousand tasks render in a few milliseconds.
    let idWidth = Self.digitCount(last.id)
    let hasPriority = tasks.contains { $0.priority != nil }
    var labels: [String?] = []
    labels.reserveCapacity(tasks.count)
    var dueWidth = 0
    for task in tasks {
      guard let due = task.due else {
        labels.append(nil)
        continue
      }
      let label = task.done ? nil : TaskInput.label(due: due, today: today)
      dueWidth = max(dueWidth, 10 + (label.map { 1 + $0.utf8.count } ?? 0))
      labels.append(label)
    }
    var output: [UInt8] = []
    output.reserveCapacity(tasks.count * (idWidth + dueWidth + 48))
    for (task, label) in zip(tasks, labels) {
      if !output.isEmpty { output.append(UInt8(ascii: "\n")) }
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
          if let label { cell += " " + label }
          width = cell.utf8.count
          output.append(contentsOf: (label != nil && due < today ? style.red(cell) : cell).utf8)
        }
        Self.append(spaces: dueWidth - width, to: &output)
      }
      output.append(0x20)
      if task.done && style.isEnabled {
        var body = task.text
        for tag in task.tags { body += " +" + tag }
        output.append(contentsOf: style.strikethrough(body).utf8)
      } else {
        output.append(contentsOf: task.text.utf8)
        for tag in task.tags {
          output.append(contentsOf: [0x20, UInt8(ascii: "+")])
          output.append(contentsOf: tag.utf8)
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  // MARK: - Bytes

  private static let pendingMark = Array(" [ ]".utf8)
  private static let doneMark = Array(" [x]".utf8)

  private static func digitCount(_ value: Int) -> Int {
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
  private static func iso(_ date: CivilDate) -> String {
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
