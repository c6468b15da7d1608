import ToolboxCalendrics
import ToolboxCore
import ToolboxICalendar

extension DDayTool {
  /// `toolbox dday anniversaries START`.
  struct Anniversaries: DeclaredCommand {
    static let commandName: String? = "anniversaries"
    static let about = CommandAbout(
      abstract: "List the anniversaries of a date: every 100th day and every year, with D-labels.",
      discussion: """
        By default START is day 1, the Korean convention: '100일' is START + 99 days. --zero-based (or \
        config tools.dday.countStartDay false) makes START day 0. Yearly anniversaries fall on the same \
        month and day; February 29 falls on February 28 in common years. With --lunar they fall on the same \
        lunar month and day instead (a lunar birthday); a leap month the year lacks falls back to the \
        regular month, and day 30 of a 29-day month to day 29. Items are in date order, each with its \
        D-label relative to today. --every, --count or --years 0 turns that list off. --ics writes them \
        as all-day events (titled in the output's language, after --name) whose UIDs stay the same from \
        one export to the next.
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: [
        "toolbox dday anniversaries 2026-03-14",
        "toolbox --locale ko_KR dday anniversaries 2026-03-14 --every 100 --count 10 --years 3",
        "toolbox dday anniversaries 2026-03-14 --every 1000 --count 3 --years 0 --zero-based",
        "toolbox --locale ko_KR dday anniversaries 1990-09-20 --lunar --every 0 --years 5",
        "toolbox --locale ko_KR dday anniversaries 2026-08-25 --ics --name 우리",
      ])
    let start = positional(
      "start", help: "The date to count from (\(dateHelp)).", completion: .date)
    let every = option(
      "every", valueName: "days", help: "Days between day anniversaries (default: 100).")
    let count = option(
      "count", valueName: "n", help: "How many day anniversaries (default: 10).")
    let years = option(
      "years", valueName: "n", help: "How many yearly anniversaries (default: 3).")
    let zeroBased = flag("zero-based", help: "Count START as day 0 instead of day 1.")
    let lunar = flag(
      "lunar", help: "Put yearly anniversaries on the same Korean lunar month and day.")
    let ics = flag(
      "ics",
      help: "Write iCalendar (RFC 5545): an all-day event per anniversary, for calendar apps.")
    let name = option(
      "name", valueName: "text",
      help: "With --ics: what the anniversaries are of, before each title ('우리 · 100일').")
  }

  func anniversaries(_ arguments: Arguments<Anniversaries>) throws -> CommandOutput {
    let start = try dates.date(try arguments.start)
    func count(_ key: Argument<Anniversaries, String?>, default value: Int) throws -> Int {
      guard let text = try arguments[key] else { return value }
      return try DateReader.count(text, display: key.spec.display, usage: arguments.values.usage)
    }
    let zeroBased = try arguments.zeroBased
    let plan = AnniversaryPlan(
      start: start, every: try count(arguments.keys.every, default: 100),
      count: try count(arguments.keys.count, default: 10),
      years: try count(arguments.keys.years, default: 3),
      countStartDay: settings.countStartDay && !zeroBased)
    let language = try language()
    let isLunar = try arguments.lunar
    let anniversaries = try plan.sequence(lunar: isLunar ? KoreanLunarCalendar() : nil)
    let today = context.today()
    let wantsICS = try arguments.ics
    let title = try arguments.name
    if let title {
      guard wantsICS else {
        throw arguments.usageError("--name goes with --ics", code: "invalid_argument")
      }
      _ = try SavedDDay.name(title, usage: arguments.values.usage)
    }
    if wantsICS {
      let stamp = DDayICalendar.stamp(context)
      let name = try title.map { text throws(UsageError) in
        try SavedDDay.name(text, usage: arguments.values.usage)
      }
      // Written as they are made (`--count` may be millions): the calendar's head, each event, its end.
      let envelope = DDayICalendar.envelope(
        ICalendarComponent.calendar(
          productID: DDayICalendar.anniversariesProductID, components: []))
      return .fileFormat(
        option: "--ics",
        .stream { writer in
          let output = DDayStream.Chunks(writer, verbatim: true)
          try output.append(envelope.head)
          for anniversary in anniversaries {
            let words = language.anniversaryName(anniversary.kind, anniversary.n)
            let event = ICalendarComponent.allDayEvent(
              uid: ICalendarUID.stable([
                "dday", "anniversary", start.description, anniversary.kind.rawValue,
                String(anniversary.n), anniversary.date.description,
              ]),
              stamp: stamp, date: anniversary.date,
              summary: name.map { "\($0) · \(words)" } ?? words)
            try output.append(event.serialized())
          }
          try output.append(envelope.tail)
          try output.flush()
        })
    }
    let weekdays = language.weekdayNames
    @Sendable func item(_ anniversary: Anniversary) -> AnniversariesResult.Item {
      AnniversariesResult.Item(
        anniversary, today: today, language: language, weekdays: weekdays)
    }
    let countStartDay = plan.countStartDay
    let style = context.style
    // Streamed, byte for byte what ``AnniversariesResult`` prints as a document: `--count` may be
    // millions, which were held as items, then as their text or JSON (gigabytes).
    return .stream { writer in
      if writer.isJSON {
        let document = JSONStreamWriter(pretty: true) { try writer.write($0) }
        try document.beginObject()
        try document.member("countStartDay", countStartDay)
        try document.beginArray(key: "items")
        for anniversary in anniversaries { try document.element(item(anniversary)) }
        try document.endArray()
        try document.member("start", start)
        try document.endObject()
        try document.finish()
        return
      }
      // The columns' widths first (the anniversaries are made again: cheaper than holding them).
      // Names and weekdays are the language's own words: no bidi controls to leave out.
      var widths = AnniversariesResult.Widths()
      for anniversary in anniversaries { widths.measure(item(anniversary)) }
      let output = DDayStream.Chunks(writer)
      for anniversary in anniversaries {
        try output.append(
          AnniversariesResult.line(item(anniversary), widths: widths, today: today, style: style)
            + "\n")
      }
      try output.flush()
    }
  }
}
