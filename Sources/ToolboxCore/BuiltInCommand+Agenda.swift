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
      help: "The first day (YYYY-MM-DD, today, tomorrow or yesterday; default: today).",
      completion: .values(["today", "tomorrow", "yesterday"].map { CompletionCandidate($0) }))
    static let spec = CommandSpec(
      "agenda",
      abstract: "List what is coming up in every enabled tool, merged by date, with D-labels.",
      discussion: """
        One line per item: date, weekday, D-label (relative to today), the tool it comes from, and its \
        title. Items come from every enabled tool that has dated data (saved D-Days and their \
        anniversaries, tasks due, holidays when configured); tasks due before the range that are still \
        open come first. A disabled tool contributes nothing. When a tool's data cannot be read, the \
        agenda still lists the others, reports that tool's error on standard error (and in JSON under \
        "problems") and exits 1. JSON: {"from","to","items":[{"date","tool","title","kind","label",\
        "isOverdue"}],"problems":[{"tool","code","message"}]}.
        """,
      arguments: [days, from],
      globalOptions: [GlobalOption.locale],
      examples: [
        "toolbox agenda", "toolbox agenda --days 30", "toolbox --json agenda --from 2026-12-24",
      ])

    /// The days the agenda covers without `--days`.
    static let defaultDays = 7
  }

  static let agenda = BuiltInCommand(Agenda.self) { session, arguments in
    let context = try session.context(for: Agenda.spec.name ?? "agenda")
    let today = context.today()
    let from =
      try arguments[Agenda.from].map { text throws(DataError) in
        try Self.date(text, option: "--from", today: today)
      } ?? today
    let days = try arguments[Agenda.days] ?? Agenda.defaultDays
    guard days >= 1 else {
      throw arguments.usageError(
        "--days must be at least 1, not '\(days)'", code: "invalid_value")
    }
    guard let to = from.adding(days: days - 1) else {
      throw arguments.usageError(
        "\(days) days from '\(from)' go past 9999-12-31", code: "out_of_range")
    }
    let names = DateNames(localeIdentifier: try context.locale(for: .time).identifier)
    let report = session.datedItemsReport(in: from...to)
    let items = report.items.compactMap { item -> DatedItem? in
      // What a tool gives outside the range is left out, except open items overdue before it.
      guard (from...to).contains(item.date) || (item.isOverdue && item.date < from) else {
        return nil
      }
      var item = item
      if item.label == nil { item.label = DatedItem.label(days: today.days(to: item.date)) }
      return item
    }
    return .document(
      AgendaResult(
        from: from, to: to, items: items, problems: report.problems,
        weekdayNames: names.weekdayNames))
  }

  /// Reads `--from`: strict `YYYY-MM-DD`, or `today`, `tomorrow`, `yesterday`.
  ///
  /// To be replaced by Core's one date reader when it lands.
  ///
  /// - Throws: ``DataError`` (65) with code `invalid_date`.
  static func date(_ text: String, option: String, today: CivilDate) throws(DataError) -> CivilDate
  {
    let offset: Int? =
      switch text.lowercased() {
      case "today": 0
      case "tomorrow": 1
      case "yesterday": -1
      default: nil
      }
    if let offset {
      guard let date = today.adding(days: offset) else {
        throw DataError(
          "invalid date '\(text)' for \(option): it lies outside 0001-01-01...9999-12-31",
          code: "invalid_date")
      }
      return date
    }
    switch CivilDate.parse(text) {
    case .valid(let date):
      return date
    case .nonexistent:
      throw DataError(
        "invalid date '\(text)' for \(option): no such day (years 0001-9999)", code: "invalid_date")
    case .malformed:
      throw DataError(
        "invalid date '\(text)' for \(option): expected YYYY-MM-DD, today, tomorrow or yesterday",
        code: "invalid_date")
    }
  }
}

extension DatedItem {
  /// The countdown label of a day `days` away: `D-3`, `D-Day`, `D+2`.
  public static func label(days: Int) -> String {
    if days == 0 { return "D-Day" }
    return days > 0 ? "D-\(days)" : "D+\(-days)"
  }
}
