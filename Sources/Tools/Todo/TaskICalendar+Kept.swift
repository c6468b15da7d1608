import ToolboxCore
import ToolboxICalendar

/// The physical lines of an iCalendar input, numbered as ``ICalendarReader`` numbers them (after a byte
/// order mark; CRLF, LF or a lone CR ends a line), so that a property's content line is kept exactly as
/// it was written.
struct ICalendarSourceLines {
  private let bytes: [UInt8]
  private var ranges: [Range<Int>] = []

  /// Indexes the lines of `bytes` (one pass).
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count {
      var end = index
      while end < bytes.count, bytes[end] != 0x0D, bytes[end] != 0x0A { end += 1 }
      ranges.append(index..<end)
      if end + 1 < bytes.count, bytes[end] == 0x0D, bytes[end + 1] == 0x0A {
        index = end + 2
      } else {
        index = end + 1
      }
    }
  }

  /// The content line that starts on physical line `number` (1-based) as it was written: its physical
  /// lines, folds included, joined by CRLF.
  func contentLine(at number: Int) -> String? {
    guard number >= 1, number <= ranges.count else { return nil }
    var line = Array(bytes[ranges[number - 1]])
    var next = number
    while next < ranges.count, let first = bytes[ranges[next]].first, first == 0x20 || first == 0x09
    {
      line += [0x0D, 0x0A] + bytes[ranges[next]]
      next += 1
    }
    return String(decoding: line, as: UTF8.self)
  }
}

/// Content lines as toolbox keeps them (``TodoTask/extra``): iCalendar text, each line as it was read,
/// folds included, lines joined by CRLF.
enum KeptLines {
  /// The content lines of kept text, each with its folds. A control character (other than a tab) in a
  /// line, which the reader never keeps but a damaged store could hold, becomes a space, so that an
  /// export is always iCalendar.
  static func split(_ text: String) -> [String] {
    var lines: [String] = []
    for var physical in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
      if physical.unicodeScalars.contains(where: { isControl($0) }) {
        physical = Substring(
          String(
            String.UnicodeScalarView(
              physical.unicodeScalars.map { isControl($0) ? " " : $0 })))
      }
      if let first = physical.utf8.first, first == 0x20 || first == 0x09, !lines.isEmpty {
        lines[lines.count - 1] += "\r\n" + physical
      } else {
        lines.append(String(physical))
      }
    }
    return lines
  }

  /// A control character no content line may hold (RFC 5545's CTL: U+0000-U+001F but the tab, U+007F).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
  }

  /// A content line without its folds (each CRLF and the space or tab after it removed).
  static func unfolded(_ line: String) -> String {
    guard line.utf8.contains(0x0D) else { return line }
    var bytes: [UInt8] = []
    var iterator = line.utf8.makeIterator()
    while let byte = iterator.next() {
      if byte == 0x0D {
        _ = iterator.next()  // LF
        _ = iterator.next()  // the space or tab
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A kept line as it goes into an export: as it was read, unless one of its physical lines is longer
  /// than 75 octets (a writer that did not fold), then folded as toolbox folds.
  static func written(_ line: String) -> String {
    let longest = line.split(separator: "\r\n").map(\.utf8.count).max() ?? 0
    return longest > ICalendarWriter.maxLineOctets ? ICalendarWriter.fold(unfolded(line)) : line
  }
}

extension TaskICalendar {
  /// Properties toolbox writes from a task's fields (``component(_:stamp:)``). An imported line of one of
  /// these that toolbox would not write the same way is kept, and written back while it still reads as
  /// the task's field.
  static let written: Set<String> = [
    "SUMMARY", "STATUS", "COMPLETED", "DUE", "DTSTART", "CREATED", "PRIORITY", "CATEGORIES",
    "RRULE",
  ]

  /// Properties that are always toolbox's own on export: the UID (kept in its own column), the time of
  /// the export, and toolbox's X- properties (fields of the task).
  static let own: Set<String> = [
    "UID", "DTSTAMP", "X-TOOLBOX-PRIORITY", "X-TOOLBOX-RECURRENCE", "X-TOOLBOX-HIDDEN",
  ]

  /// A property's content line as it was read (from `source`), else as toolbox writes it.
  static func line(_ property: ICalendarProperty, _ source: ICalendarSourceLines?) -> String {
    if let number = property.line, let line = source?.contentLine(at: number),
      KeptLines.unfolded(line).prefix(property.name.count).uppercased() == property.name
    {
      return line
    }
    return ICalendarWriter.contentLine(property)
  }

  /// A nested component (`VALARM`) as its content lines, as read.
  static func lines(_ component: ICalendarComponent, _ source: ICalendarSourceLines?) -> [String] {
    ["BEGIN:" + component.name] + component.properties.map { line($0, source) }
      + component.components.flatMap { lines($0, source) } + ["END:" + component.name]
  }

  /// The content lines a task imported from `todo` keeps (``TodoTask/extra``): every property toolbox
  /// has no field for and every nested component, as read, and the lines of a property toolbox reads
  /// into a field but would write otherwise; `nil` when there are none.
  static func kept(
    _ todo: ICalendarComponent, task: NewTask, source: ICalendarSourceLines?,
    dates: ICalendarLocalDates
  ) -> String? {
    var originals: [String: [String]] = [:]
    for property in todo.properties where written.contains(property.name) {
      originals[property.name, default: []].append(KeptLines.unfolded(line(property, source)))
    }
    var generated: [String: [String]] = [:]
    if !originals.isEmpty, let stamp = ICalendarDateTime(secondsSince1970: 0) {
      for property in component(TodoTask(id: 0, task), stamp: stamp, dates: dates).properties
      where written.contains(property.name) {
        generated[property.name, default: []].append(ICalendarWriter.contentLine(property))
      }
    }
    var result: [String] = []
    for property in todo.properties where !own.contains(property.name) {
      if written.contains(property.name), originals[property.name] == generated[property.name] {
        continue
      }
      result.append(line(property, source))
    }
    for component in todo.components { result += lines(component, source) }
    return result.isEmpty ? nil : result.joined(separator: "\r\n")
  }

  /// A task as the text of a `VTODO`: toolbox's properties, with a kept line in place of toolbox's own
  /// where it still reads as the task's field; once toolbox changed the task, `SEQUENCE` one more than
  /// the kept one (or 1) and `LAST-MODIFIED` the time of the change, and a kept `PERCENT-COMPLETE` that
  /// contradicts it made 100 (done) or left out (pending); then the other kept lines as they were read.
  /// `localOffset` reads a kept date-time (`DUE:20261207T230000Z`) as import did, in the local time zone.
  static func text(
    _ task: TodoTask, stamp: ICalendarDateTime,
    localOffset: @escaping ICalendarLocalDates.LocalOffset
  ) -> String {
    let dates = ICalendarLocalDates(localOffset: localOffset)
    let generated = component(task, stamp: stamp, dates: dates)
    guard task.extra != nil || task.modified != nil else { return generated.serialized() }
    var top: [String] = []
    var blocks: [String] = []
    var depth = 0
    for line in KeptLines.split(task.extra ?? "") {
      let head = line.prefix(6).uppercased()
      if head.hasPrefix("BEGIN:") {
        depth += 1
        blocks.append(line)
      } else if depth > 0 {
        blocks.append(line)
        if head.hasPrefix("END:") { depth -= 1 }
      } else {
        top.append(line)
      }
    }
    // The kept properties, read; one per line (a line that does not read is written as it is).
    let document =
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n" + top.map { $0 + "\r\n" }.joined()
      + "END:VTODO\r\nEND:VCALENDAR\r\n"
    let read = (try? ICalendarReader().read(document))?.first?.components.first?.properties ?? []
    let properties = read.count == top.count ? read : []
    let names = top.map { lineName(KeptLines.unfolded($0)) }
    var replaced: [String: [String]] = [:]
    var current = task.new
    current.id = nil
    current.archived = false
    for name in Set(properties.map(\.name)).intersection(written).sorted() {
      var candidate = generated
      candidate.properties.removeAll { $0.name == name }
      candidate.properties += properties.filter { $0.name == name }
      // A date-time in a zone the export does not describe (the file's VTIMEZONE stayed behind) and the
      // zone database does not know would name no zone: toolbox's own date is written instead.
      if candidate.properties.contains(where: { property in
        property.name == name && property.parameter("TZID").map { !dates.knows(zone: $0) } == true
      }) {
        continue
      }
      if let reading = try? fields(candidate, today: task.created, dates: dates), reading == current
      {
        replaced[name] = zip(properties, top).filter { $0.0.name == name }.map(\.1)
      }
    }
    var output = "BEGIN:VTODO\r\n"
    func append(_ line: String) { output += ICalendarWriter.fold(line) + "\r\n" }
    func appendKept(_ line: String) { output += KeptLines.written(line) + "\r\n" }
    var done: Set<String> = []
    for property in generated.properties {
      if let lines = replaced[property.name] {
        if done.insert(property.name).inserted { lines.forEach(appendKept) }
      } else {
        append(ICalendarWriter.contentLine(property))
      }
    }
    for (name, lines) in replaced.sorted(by: { $0.key < $1.key }) where !done.contains(name) {
      lines.forEach(appendKept)
    }
    if let modified = task.modified {
      let sequence = properties.first { $0.name == "SEQUENCE" }.flatMap { try? $0.integer() } ?? 0
      append("SEQUENCE:\(max(sequence, 0) + 1)")
      append("LAST-MODIFIED:" + modified)
    }
    for (index, line) in top.enumerated() {
      let name = names[index]
      if written.contains(name) { continue }
      if task.modified != nil, index < properties.count {
        if name == "SEQUENCE" || name == "LAST-MODIFIED" { continue }
        if name == "PERCENT-COMPLETE", let percent = try? properties[index].integer() {
          if task.done, percent != 100 {
            append("PERCENT-COMPLETE:100")
            continue
          }
          if !task.done, percent == 100 { continue }
        }
      }
      appendKept(line)
    }
    blocks.forEach(appendKept)
    return output + "END:VTODO\r\n"
  }

  /// The property name a content line starts with, upper case (up to its first `;` or `:`).
  static func lineName(_ line: String) -> String {
    String(
      decoding: line.utf8.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ":") },
      as: UTF8.self
    )
    .uppercased()
  }
}
