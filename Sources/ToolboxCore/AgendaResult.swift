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
    let more =
      moreOverdue == 0
      ? ""
      : "… \(moreOverdue) more overdue \(moreOverdue == 1 ? "item" : "items") "
        + "(--overdue \(moreOverdue + items.count(where: { $0.isOverdue && $0.date < from })) "
        + "lists them all)"
    guard !items.isEmpty else {
      return (more.isEmpty ? "" : more + "\n") + "Nothing from \(from) to \(to)."
    }
    // Items are read in place by index (a copy of one retains its four strings) and weekday widths
    // measured once per name: the agenda of a busy month has hundreds of rows.
    let weekdays = items.map { item in
      let index = item.date.weekday.rawValue
      return weekdayNames.indices.contains(index) ? index : nil
    }
    let weekdayWidths = weekdayNames.map(TextBuffer.width)
    let titles = items.map { $0.title.escapingControlCharacters }
    var widths = (weekday: 0, label: 0, tool: 0)
    for index in items.indices {
      widths.weekday = max(widths.weekday, weekdays[index].map { weekdayWidths[$0] } ?? 0)
      widths.label = max(widths.label, TextBuffer.width(items[index].label ?? ""))
      widths.tool = max(widths.tool, TextBuffer.width(items[index].tool))
    }
    // Room for every row: the buffer is not grown (and copied) as it fills.
    let titleBytes = titles.reduce(0) { $0 + $1.utf8.count }
    var output = TextBuffer(
      capacity: items.count * (widths.weekday + widths.label + widths.tool + 24) + titleBytes
        + more.utf8.count)
    output.append(more)
    for index in items.indices {
      if !output.isEmpty { output.append(ascii: 0x0A) }
      output.append(date: items[index].date)
      output.append(spaces: 2)
      if let weekday = weekdays[index] {
        output.append(weekdayNames[weekday])
        output.append(spaces: widths.weekday + 2 - weekdayWidths[weekday])
      } else {
        output.append(spaces: widths.weekday + 2)
      }
      output.append(items[index].label ?? "", paddedTo: widths.label + 2)
      output.append(items[index].tool, paddedTo: widths.tool + 2)
      output.append(titles[index])
      output.trimTrailingSpaces()
    }
    return output.text
  }
}
