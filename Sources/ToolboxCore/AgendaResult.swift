/// `toolbox agenda`: the dated items of every enabled tool in a range of days.
///
/// JSON: `{"from":"2026-12-02","to":"2026-12-08","items":[{"date":"…","tool":"dday","title":"…",
/// "kind":"anniversary","label":"D-Day","isOverdue":false}],"problems":[]}`. Text: one aligned line per
/// item — date, weekday, label, tool, title — or one line saying there is nothing.
struct AgendaResult: CommandResult {
  let from: CivilDate
  let to: CivilDate
  let items: [DatedItem]
  /// The tools whose items could not be read.
  let problems: [ToolProblem]
  /// Weekday names in the output language, Sunday first.
  let weekdayNames: [String]

  var exitCode: ExitCode { problems.isEmpty ? .success : .partialFailure }

  private enum CodingKeys: String, CodingKey { case from, to, items, problems }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(from, forKey: .from)
    try container.encode(to, forKey: .to)
    try container.encode(items, forKey: .items)
    try container.encode(problems, forKey: .problems)
  }

  func text(style: TextStyle) -> String {
    guard !items.isEmpty else { return "Nothing from \(from) to \(to)." }
    return TextTable(
      rows: items.map { item in
        let weekday = item.date.weekday.rawValue
        return [
          item.date.description,
          weekdayNames.indices.contains(weekday) ? weekdayNames[weekday] : "",
          item.label ?? "", item.tool, item.title.escapingControlCharacters,
        ]
      }
    ).render()
  }
}
