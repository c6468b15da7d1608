extension BuiltInCommand {
  /// `toolbox agenda [--days N] [--from DATE]`: the dated items of every enabled tool (saved D-Days and
  /// their anniversaries, tasks due, holidays…) merged by date. Core knows no tool's words: the tools give
  /// titles, kinds and labels through ``DatedItemProvider``.
  enum Agenda: CommandDeclaration {
    static let days = option(
      "days", valueName: "n", help: "How many days, from --from on (default: \(defaultDays)).",
      as: Int.self)
    static let from = option(
      "from", valueName: "date",
      help:
        "The first day, in any form dates take (2026-12-24, tomorrow, next friday; default: today).",
      completion: .values(["today", "tomorrow", "yesterday"].map { CompletionCandidate($0) }))
    static let overdue = option(
      "overdue", valueName: "n",
      help:
        "How many overdue items from before --from to list, the latest (default: \(defaultOverdue); 0 for none).",
      as: Int.self)
    static let commandName: String? = "agenda"
    static let spec = CommandSpec(
      commandName,
      abstract: "List what is coming up in every enabled tool, merged by date, with D-labels.",
      discussion: """
        One line per item: date, weekday, D-label (relative to today), the tool it comes from, and its \
        title. Items come from every enabled tool that has dated data (saved D-Days and their \
        anniversaries, tasks due, holidays when configured); tasks due before the range that are still \
        open come first: the latest \(defaultOverdue) of them (--overdue), after a line that counts the \
        others. A disabled tool contributes nothing. When a tool's data cannot be read, the agenda still \
        lists the others, reports that tool's error on standard error (and in JSON under "problems") \
        and exits 1. JSON: {"from","to","items":[{"date","tool","title","kind","label","isOverdue"}],\
        "moreOverdue","problems":[{"tool","code","message"}]}.
        """,
      arguments: [days, from, overdue],
      globalOptions: [GlobalOption.locale],
      examples: [
        "toolbox agenda", "toolbox agenda --days 30", "toolbox --json agenda --from 2026-12-24",
        "toolbox agenda --overdue 0",
      ])

    /// The days the agenda covers without `--days`.
    static let defaultDays = 7
    /// How many overdue items from before the range the agenda lists without `--overdue`: enough to see
    /// what slipped, few enough that a long-neglected list does not bury the coming days.
    static let defaultOverdue = 10
  }

  static let agenda = BuiltInCommand(Agenda.self) { session, arguments in
    let context = try session.context(for: Agenda.commandName ?? "agenda")
    let today = context.today()
    let from =
      try arguments[Agenda.from].map { text in try context.dateInput.date(text, option: "--from") }
      ?? today
    let days = try arguments[Agenda.days] ?? Agenda.defaultDays
    guard days >= 1 else {
      throw arguments.usageError(
        "--days must be at least 1, not '\(days)'", code: "invalid_value")
    }
    guard let to = from.adding(days: days - 1) else {
      throw arguments.usageError(
        "\(days) days from '\(from)' go past 9999-12-31", code: "out_of_range")
    }
    let overdueLimit = try arguments[Agenda.overdue] ?? Agenda.defaultOverdue
    guard overdueLimit >= 0 else {
      throw arguments.usageError(
        "--overdue must be 0 or more, not '\(overdueLimit)'", code: "invalid_value")
    }
    let names = DateNames(localeIdentifier: try context.locale(for: .time).identifier)
    var report = session.datedItemsReport(in: from...to, overdueLimit: overdueLimit)
    // Taken out of the report, so that it is changed in place rather than copied (hundreds of items).
    var items: [DatedItem] = []
    swap(&items, &report.items)
    // What a tool gives outside the range is left out, except open items overdue before it.
    items.removeAll { item in
      !(from...to).contains(item.date) && !(item.isOverdue && item.date < from)
    }
    for index in items.indices where items[index].label == nil {
      items[index].label = DatedItem.label(days: today.days(to: items[index].date))
    }
    return .document(
      AgendaResult(
        from: from, to: to, items: items, moreOverdue: report.moreOverdue,
        problems: report.problems, weekdayNames: names.weekdayNames))
  }
}

extension DatedItem {
  /// The countdown label of a day `days` away: `D-3` (3 days to go), `D-Day` (today), `D+2` (2 days
  /// past). Every tool writes its D-labels with this (or ``TextBuffer/append(dayLabel:)``).
  ///
  /// - Parameter days: Target − today: positive for a day still to come.
  public static func label(days: Int) -> String {
    days == 0 ? "D-Day" : days > 0 ? "D-\(days)" : "D+\(days.magnitude)"
  }
}

extension TextBuffer {
  /// Appends ``DatedItem/label(days:)``.
  public mutating func append(dayLabel days: Int) {
    append(DatedItem.label(days: days))
  }

  /// The number of bytes (and columns) of ``DatedItem/label(days:)``.
  public static func dayLabelWidth(_ days: Int) -> Int {
    days == 0 ? 5 : 2 + digitCount(days)
  }
}
