/// `toolbox agenda`: the dated items of every enabled tool in a range of days.
///
/// JSON: `{"from":"2026-12-02","to":"2026-12-08","items":[{"date":"…","tool":"dday","title":"…",
/// "kind":"anniversary","label":"D-Day","isOverdue":false}],"problems":[]}`. Text: one aligned line per
/// item — date, weekday, label, tool, title — or one line saying there is nothing.
struct AgendaResult: CommandResult {
  let from: CivilDate
  let to: CivilDate
  let items: [DatedItem]
  /// The overdue items from before `from` that are not listed (`--overdue`).
  let moreOverdue: Int
  /// The tools whose items could not be read.
  let problems: [ToolProblem]
  /// Weekday names in the output language, Sunday first.
  let weekdayNames: [String]

  var exitCode: ExitCode { problems.isEmpty ? .success : .partialFailure }

  private enum CodingKeys: String, CodingKey { case from, to, items, moreOverdue, problems }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(from, forKey: .from)
    try container.encode(to, forKey: .to)
    try container.encode(items, forKey: .items)
    try container.encode(moreOverdue, forKey: .moreOverdue)
    try container.encode(problems, forKey: .problems)
  }

  /// Aligned columns as ``TextTable`` aligns them (by display width, two spaces apart, no trailing
  /// spaces), written as UTF-8 bytes into one buffer.
  func text(style: TextStyle) -> String {
    // The overdue items left out come before those listed (they are older): one line says how many.
    let more = Self.moreLine(
      moreOverdue: moreOverdue,
      listedOverdue: moreOverdue == 0 ? 0 : items.count(where: { $0.isOverdue && $0.date < from }))
    guard !items.isEmpty else {
      return (more.isEmpty ? "" : more + "\n") + Self.nothingLine(from: from, to: to)
    }
    // Items are read field by field in place (a copy of one retains its four strings) and weekday
    // widths measured once per name: the agenda of a busy month of many D-Days has 40,000 rows.
    var columns = Columns(weekdayNames: weekdayNames)
    var titleBytes = 0
    for index in items.indices {
      columns.measure(
        label: items[index].label, tool: items[index].tool,
        weekday: columns.weekday(of: items[index].date))
      titleBytes += items[index].title.utf8.count
    }
    // Room for every row (escaped titles may be longer): the buffer is not grown as it fills.
    var output = TextBuffer(
      capacity: items.count * (columns.weekdayWidth + columns.labelWidth + columns.toolWidth + 24)
        + titleBytes + more.utf8.count)
    output.append(more)
    for index in items.indices {
      if !output.isEmpty { output.append(ascii: 0x0A) }
      columns.append(
        date: items[index].date, label: items[index].label, tool: items[index].tool,
        title: items[index].title.escapingControlCharacters,
        weekday: columns.weekday(of: items[index].date), to: &output)
    }
    return output.text
  }

  /// The line that counts the overdue items left out (`--overdue`), or "" when none are.
  ///
  /// - Parameters:
  ///   - moreOverdue: The overdue items left out.
  ///   - listedOverdue: The overdue items from before the range that are listed.
  static func moreLine(moreOverdue: Int, listedOverdue: Int) -> String {
    moreOverdue == 0
      ? ""
      : "… \(moreOverdue) more overdue \(moreOverdue == 1 ? "item" : "items") "
        + "(--overdue \(moreOverdue + listedOverdue) lists them all)"
  }

  /// The text of an agenda without items.
  static func nothingLine(from: CivilDate, to: CivilDate) -> String {
    "Nothing from \(from) to \(to)."
  }

  /// The text's columns, aligned as ``TextTable`` aligns them (by display width, two spaces apart, no
  /// trailing spaces): measured over every item first, then each row written. The streamed agenda
  /// (``AgendaStream``) measures a stretch at a time and writes the rows in the same widths.
  struct Columns: Sendable {
    /// Weekday names in the output language, Sunday first, and their widths.
    let weekdayNames: [String]
    private let weekdayWidths: [Int]
    private(set) var weekdayWidth = 0
    private(set) var labelWidth = 0
    private(set) var toolWidth = 0

    init(weekdayNames: [String]) {
      self.weekdayNames = weekdayNames
      weekdayWidths = weekdayNames.map(TextBuffer.width)
    }

    /// The index of an item's weekday name, if there is one.
    func weekday(of item: DatedItem) -> Int? { weekday(of: item.date) }

    /// The index of a day's weekday name, if there is one.
    func weekday(of date: CivilDate) -> Int? {
      let index = date.weekday.rawValue
      return weekdayNames.indices.contains(index) ? index : nil
    }

    /// Widens the columns to an item's.
    mutating func measure(_ item: DatedItem, weekday: Int?) {
      measure(label: item.label, tool: item.tool, weekday: weekday)
    }

    /// Widens the columns to an item's label, tool and weekday. Text is never wider than its UTF-8
    /// bytes, so one no longer than its column is not measured.
    mutating func measure(label: String?, tool: String, weekday: Int?) {
      weekdayWidth = max(weekdayWidth, weekday.map { weekdayWidths[$0] } ?? 0)
      if let label, label.utf8.count > labelWidth {
        labelWidth = max(labelWidth, TextBuffer.width(label))
      }
      if tool.utf8.count > toolWidth { toolWidth = max(toolWidth, TextBuffer.width(tool)) }
    }

    /// Appends an item's row, without a line end.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - title: Its title with control characters escaped.
    ///   - weekday: ``weekday(of:)``.
    ///   - output: The text.
    func append(
      _ item: DatedItem, title: String, weekday: Int?, to output: inout TextBuffer
    ) {
      append(
        date: item.date, label: item.label, tool: item.tool, title: title, weekday: weekday,
        to: &output)
    }

    /// Appends the row of an item's date, label, tool and title, without a line end.
    func append(
      date: CivilDate, label: String?, tool: String, title: String, weekday: Int?,
      to output: inout TextBuffer
    ) {
      output.append(date: date)
      output.append(spaces: 2)
      if let weekday {
        output.append(weekdayNames[weekday])
        output.append(spaces: weekdayWidth + 2 - weekdayWidths[weekday])
      } else {
        output.append(spaces: weekdayWidth + 2)
      }
      output.append(label ?? "", paddedTo: labelWidth + 2)
      output.append(tool, paddedTo: toolWidth + 2)
      output.append(title)
      output.trimTrailingSpaces()
    }
  }
}
