import ToolboxCalendrics
import ToolboxCore

extension CalendarTool {
  /// `toolbox calendar`: the tool's main command, with `cal`'s flags.
  struct Show: DeclaredCommand {
    static let commandName: String? = nil
    static let about = CommandAbout(
      abstract: "Show a month (default: the current one), three months, or a whole year.",
      discussion: """
        A single number above 12 is a year, as with cal: 'toolbox calendar 2022' shows all of 2022. \
        MONTH may also be an English month name or abbreviation (jan, February). cal's and ncal's flags \
        work as there (-1 -3 -y -A -B -m -d -H -j -w -M -S); -h is help.
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: [
        "toolbox calendar",
        "toolbox calendar 1 2022",
        "toolbox calendar 2022-01 --locale ko_KR",
        "toolbox calendar -3 -w -M",
        "toolbox calendar -y 2026",
        "toolbox calendar -j -m 2 2024",
        "toolbox calendar -B 1 -A 2",
        "toolbox calendar --agenda",
        "toolbox --json calendar 10 1582",
      ],
      usage: [
        "[<month> [<year>] | <yyyy-mm>] [-1 | -3] [-A <n>] [-B <n>] [-jwMS] [-H <date>]",
        "-y [<year>] [-jwMS] [--agenda] [--no-marks] [--week-start <day>] [--locale <locale>]",
      ])
    let month = optionalPositional(
      "month", help: "Month 1-12 or a name, or YYYY-MM, or a year above 12.",
      completion: .values((1...12).map { CompletionCandidate(String($0)) }))
    let year = optionalPositional("year", help: "Year 1-9999 (default: the current year).")
    let one = flag("one", short: "1", help: "Show one month (the default).")
    let three = flag("three", short: "3", help: "Show the previous, current and next month.")
    let wholeYear = flag("year", short: "y", help: "Show the whole year.")
    let after = option(
      "after", short: "A", valueName: "n", help: "Also show N months after.", as: Int.self)
    let before = option(
      "before", short: "B", valueName: "n", help: "Also show N months before.", as: Int.self)
    let monthOption = option(
      "month", short: "m", valueName: "month",
      help: "The month (1-12 or a name; 3f: the next March, 3p: the last).")
    let currentMonth = option(
      "current-month", short: "d", valueName: "yyyy-mm", help: "Use YYYY-MM as the current month.")
    let highlight = option(
      "highlight", short: "H", valueName: "date", help: "Highlight DATE instead of today.")
    let dayOfYear = flag("day-of-year", short: "j", help: "Number days by day of the year.")
    let weekNumbers = flag(
      "week-numbers", short: "w", help: "Show week numbers (ISO 8601 when weeks start on Monday).")
    let monday = flag("monday", short: "M", help: "Start weeks on Monday.")
    let sunday = flag("sunday", short: "S", help: "Start weeks on Sunday.")
    let weekStart = option(
      "week-start", valueName: "day",
      help:
        "First day of the week: sunday, monday or locale (default: config weekStart, else sunday).",
      as: WeekStart.self)
    let agenda = flag("agenda", help: "List the dated items of the months shown below them.")
    let noMarks = flag(
      "no-marks", help: "Do not mark days that have items: exactly cal's layout.")
  }

  // MARK: - Running

  func show(_ arguments: Arguments<Show>) throws -> CommandOutput {
    let today = context.today()
    let request = try CalendarRequest(arguments, today: today)
    let shown = request.months
    guard !shown.isEmpty else {
      throw arguments.usageError(
        "no month of the years 1-9999 in the range asked for", code: "invalid_value")
    }
    let names = try calendarNames()
    let firstWeekday = try weekStart(arguments, names: names)
    var highlight = today
    if let text = try arguments.highlight {
      // Any form of Core's date reader (2026-12-25, 12/25 in the locale's order, next friday, +3d).
      highlight = try context.dateInput.date(text, option: "--highlight")
    }
    let weekNumbers = try arguments.weekNumbers
    let dayOfYear = try arguments.dayOfYear
    var grids = shown.map { shown in
      var grid = MonthGrid(
        year: shown.year, month: shown.month, firstWeekday: firstWeekday, names: names,
        today: today)
      grid.highlight =
        highlight.year == shown.year && highlight.month == shown.month ? highlight.day : nil
      if weekNumbers { grid.numberWeeks() }
      if dayOfYear { grid.numberDaysOfYear() }
      return grid
    }
    let wantsMarks = try !arguments.noMarks
    let wantsAgenda = try arguments.agenda
    var agenda: [DatedItem] = []
    var problems: [ToolProblem] = []
    if let first = grids.first?.firstDay, let last = grids.last?.lastDay, wantsMarks, !wantsAgenda {
      // Only the days: a hundred thousand D-Days in a year are not made into items to mark them.
      noteUncoveredYears(shown.map { $0.year })
      let (days, unread) = context.dayMarks(first...last)
      problems = unread
      for index in grids.indices { grids[index].mark(days) }
    } else if let first = grids.first?.firstDay, let last = grids.last?.lastDay, wantsAgenda {
      noteUncoveredYears(shown.map { $0.year })
      // A month at a time, held while the items are few; past the budget (a year of a hundred thousand
      // D-Days) the calendar is written as a stream, reading the items again.
      let stream = context.datedItems(first...last)
      var reader = stream
      for index in grids.indices {
        var items: [DatedItem] = []
        while let day = reader.nextDay, day <= grids[index].lastDay {
          items += reader.nextStretch(through: grids[index].lastDay)
          guard agenda.count + items.count <= DatedItemStream.itemBudget else {
            return streamed(
              grids, stream: stream, marks: wantsMarks,
              layout: CalendarResult.Layout(
                months: grids, dayOfYear: dayOfYear, weekNumbers: weekNumbers, names: names),
              isRange: request.isRange, weekdayHeader: names.weekdayHeader)
          }
        }
        if wantsMarks { grids[index].mark(items) }
        grids[index].agenda = items
        agenda += items
      }
      problems = reader.problems
    }
    var result = CalendarResult(
      months: grids, isRange: request.isRange,
      layout: CalendarResult.Layout(
        months: grids, dayOfYear: dayOfYear, weekNumbers: weekNumbers, names: names))
    result.problems = problems
    if wantsAgenda {
      let header = names.weekdayHeader
      result.agenda = agenda.map { Self.agendaRow($0, weekdayHeader: header) }
    }
    return .document(result)
  }

  /// An item's line under the calendar: date, weekday, title, label, tool.
  private static func agendaRow(_ item: DatedItem, weekdayHeader: [String]) -> [String] {
    [
      item.date.description, weekdayHeader[item.date.weekday.rawValue],
      item.title.replacingControlCharactersWithSpaces, item.label ?? "", item.tool,
    ]
  }

  /// The calendar with more items than it holds, written as the document would be, a stretch of items
  /// at a time (``DatedItemStream/nextStretch(through:)``): a first reading marks the days (and, for
  /// text, measures the agenda's columns), then text writes the months and the agenda's lines, JSON
  /// each month's object with its items.
  private func streamed(
    _ grids: [MonthGrid], stream: DatedItemStream, marks: Bool,
    layout: CalendarResult.Layout, isRange: Bool, weekdayHeader: [String]
  ) -> CommandOutput {
    let style = context.style
    return .stream { writer in
      var grids = grids
      var widths = [Int](repeating: 0, count: 5)
      let measures = !writer.isJSON
      if marks || measures {
        var measuring = stream
        for index in grids.indices {
          measuring.forEachStretch(through: grids[index].lastDay) { items in
            if marks { grids[index].mark(items) }
            guard measures else { return }
            for item in items {
              for (column, cell) in Self.agendaRow(item, weekdayHeader: weekdayHeader).enumerated()
              {
                widths[column] = max(widths[column], cell.displayWidth)
              }
            }
          }
        }
      }
      var reader = stream
      if writer.isJSON {
        let json = JSONStreamWriter(pretty: true) { try writer.write($0) }
        if isRange {
          try json.beginObject()
          try json.beginArray(key: "months")
        }
        for index in grids.indices {
          // The month's members in the document's order, its items written one by one.
          grids[index].agenda = []
          guard case .object(let members) = try JSONValueEncoder().encode(grids[index]) else {
            continue
          }
          try json.beginObject()
          for member in members {
            guard member.key == "agenda" else {
              try json.member(member.key, member.value)
              continue
            }
            try json.beginArray(key: "agenda")
            try reader.forEachStretch(through: grids[index].lastDay) { items in
              for item in items { try json.element(item) }
            }
            try json.endArray()
          }
          try json.endObject()
        }
        if isRange {
          try json.endArray()
          try json.endObject()
        }
        try json.finish()
      } else {
        let months = CalendarResult(months: grids, isRange: isRange, layout: layout)
        try writer.writeText(months.text(style: style) + "\n")
        // A blank line between the months and the agenda, as in the document.
        var isFirst = true
        try reader.forEachStretch(through: grids[grids.count - 1].lastDay) { items in
          var text = isFirst ? "\n" : ""
          isFirst = false
          for item in items {
            var line = ""
            for (column, cell) in Self.agendaRow(item, weekdayHeader: weekdayHeader).enumerated() {
              if column > 0 { line += "  " }
              line += cell.padded(to: widths[column])
            }
            while line.last == " " { line.removeLast() }
            text += line + "\n"
          }
          if !text.isEmpty { try writer.writeText(text) }
        }
      }
      for problem in reader.problems { writer.warn(problem.error, tool: problem.tool) }
    }
  }

  /// The first day of the week: `-M`, `-S`, `--week-start`, config `weekStart`, else Sunday.
  private func weekStart(_ arguments: Arguments<Show>, names: CalendarNames) throws -> Weekday {
    let monday = try arguments.monday
    let sunday = try arguments.sunday
    let option = try arguments.weekStart
    if monday && sunday {
      throw arguments.usageError(
        "use either -M (--monday) or -S (--sunday), not both", code: "conflicting_options")
    }
    if (monday || sunday) && option != nil {
      throw arguments.usageError(
        "use either -M/-S or --week-start, not both", code: "conflicting_options")
    }
    if monday { return .monday }
    if sunday { return .sunday }
    return firstWeekday(option ?? settings.weekStart, names: names)
  }

  /// The first day of the week a setting means.
  func firstWeekday(_ start: WeekStart, names: CalendarNames) -> Weekday {
    switch start {
    case .sunday: return .sunday
    case .monday: return .monday
    case .locale: return names.firstWeekday
    }
  }

  /// Years the configured holidays do not cover get a note on a terminal. (A tool whose data cannot be
  /// read is one of the marks' or items' problems: its days are not marked, the other tools' are, and it
  /// is reported as the agenda reports it — one line on standard error naming the store and why, exit 1.)
  private func noteUncoveredYears(_ years: [Int]) {
    if let country = settings.holidays,
      let calendar = HolidayCalendars.calendar(forCountry: country),
      let year = years.first(where: { !calendar.coveredYears.contains($0) })
    {
      let error = HolidayError.yearNotCovered(
        countryCode: calendar.countryCode, year: year, covered: calendar.coveredYears)
      context.progress("\(error.description); no holidays are marked there")
    }
  }
}
