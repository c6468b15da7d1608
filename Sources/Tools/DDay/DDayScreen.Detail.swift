import ToolboxCalendrics
import ToolboxCore
import ToolboxTerminal

extension DDayScreen {
  /// One D-Day opened: its row as the list shows it; for a birthday (a yearly D-Day whose date has come)
  /// the ages and days lived as `toolbox dday age` gives them; and its anniversaries as
  /// `toolbox dday anniversaries` lists them for its date, with its own step, counting and calendar (the
  /// last few that have passed and the next ones).
  struct Detail {
    /// How many day anniversaries and years to come are listed.
    static let upcomingDays = 10
    static let upcomingYears = 3
    /// How many anniversaries that have passed are kept above them.
    static let passedCount = 3

    /// The D-Day's id.
    let id: Int
    /// The lines, each dimmed or not (an anniversary that has passed).
    let lines: [(text: String, dim: Bool)]
    /// The first line shown.
    var offset = 0

    /// The details of a D-Day.
    ///
    /// - Parameters:
    ///   - event: The D-Day.
    ///   - listLine: Its line in the list.
    ///   - tool: Computes as the commands do.
    ///   - today: Today.
    ///   - language: The output language.
    init(
      _ event: SavedDDay, listLine: String, tool: DDayTool, today: CivilDate,
      language: DDayLanguage
    ) {
      id = event.id
      var lines: [(text: String, dim: Bool)] = [(listLine, false), ("", false)]
      let schedule = event.schedule
      if schedule.repeats == .yearly, schedule.date <= today,
        let age = try? tool.ageResult(
          birth: schedule.date, lunarBirth: schedule.lunarDate, on: today, language: language)
      {
        lines.append((language.isKorean ? "나이" : "Age", false))
        for line in age.text(style: .plain).split(separator: "\n") {
          lines.append(("  " + line, false))
        }
        lines.append(("", false))
      }
      lines.append((language.isKorean ? "기념일" : "Anniversaries", false))
      do {
        let result = try Self.anniversaries(of: schedule, today: today, language: language)
        if result.items.isEmpty {
          lines.append(("  " + (language.isKorean ? "없음" : "none"), true))
        }
        let texts = result.text(style: .plain).split(
          separator: "\n", omittingEmptySubsequences: false)
        for (item, text) in zip(result.items, texts) {
          lines.append(("  " + text, item.date < today))
        }
      } catch {
        lines.append(("  " + DDayScreen.message(of: error), true))
      }
      self.lines = lines
    }

    /// The anniversaries of a D-Day's date, as `toolbox dday anniversaries DATE` makes them with the
    /// D-Day's step (`--every`, 0 when its anniversaries are off), counting and calendar (`--lunar`): the
    /// last ``passedCount`` that have passed and the next ``upcomingDays`` days and ``upcomingYears``
    /// years.
    static func anniversaries(
      of schedule: DDaySchedule, today: CivilDate, language: DDayLanguage
    ) throws -> AnniversariesResult {
      let start = schedule.date
      let shift = schedule.countStartDay ? 1 : 0
      let every = schedule.anniversaries ? schedule.every : 0
      var count = 0
      if every > 0 {
        let passed = max(0, start.days(to: today) + shift) / every
        // None after 9999-12-31.
        count = min(passed + upcomingDays, (start.days(to: CivilDate.maximum) + shift) / every)
      }
      var years = 0
      if schedule.anniversaries {
        let lastYear =
          schedule.lunarDate.map { _ in KoreanLunarCalendar.yearRange.upperBound - 1 }
          ?? CivilDate.yearRange.upperBound
        years = max(0, min(max(0, today.year - start.year) + upcomingYears, lastYear - start.year))
      }
      let plan = AnniversaryPlan(
        start: start, every: every, count: count, years: years,
        countStartDay: schedule.countStartDay)
      let weekdays = language.weekdayNames
      var passed: [AnniversariesResult.Item] = []
      var upcoming: [AnniversariesResult.Item] = []
      for anniversary in try plan.sequence(lunar: schedule.isLunar ? KoreanLunarCalendar() : nil) {
        let item = AnniversariesResult.Item(
          anniversary, today: today, language: language, weekdays: weekdays)
        if anniversary.date < today {
          passed.append(item)
          if passed.count > passedCount { passed.removeFirst() }
        } else {
          upcoming.append(item)
        }
      }
      return AnniversariesResult(
        start: start, countStartDay: schedule.countStartDay, items: passed + upcoming,
        today: today)
    }

    /// Scrolls by lines, within the lines.
    mutating func scroll(by lines: Int, height: Int) {
      offset = max(0, min(offset + lines, self.lines.count - max(height, 1)))
    }

    /// Draws the lines from ``offset``.
    func draw(into canvas: inout Canvas) {
      for row in 0..<canvas.height where offset + row < lines.count {
        let line = lines[offset + row]
        canvas.put(
          line.text, row: row, column: 0, style: CellStyle(bold: row + offset == 0, dim: line.dim))
      }
    }
  }
}
