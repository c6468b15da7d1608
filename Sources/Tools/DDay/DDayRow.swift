import ToolboxCalendrics
import ToolboxCore

/// A saved D-Day seen from today, as `list` (one row each), `show`, `add`, `edit`, `rm` and `import` report
/// it: the date to show (the next occurrence of a repeating event, converted from the lunar calendar for a
/// lunar one), its D-label and, for a one-off date that has passed, its day count.
///
/// JSON: `{"id":1,"name":"…","start":"2026-08-25","lunarDate":null,"leap":false,"repeats":"none",
/// "countStartDay":true,"every":100,"anniversaries":true,"created":"…","date":"2026-08-25","days":-99,
/// "label":"D+99","dayNumber":100}` — every key always present.
struct DDayRow: Encodable, Sendable, Equatable {
  /// The event's id.
  let id: Int
  /// The event's name.
  let name: String
  /// When the event falls.
  let schedule: DDaySchedule
  /// The day it was added; `nil` in the rows `dday list` reads for its text, which shows no such column.
  let created: CivilDate?
  /// The date shown: the one-off date, or the next occurrence of a repeating event.
  let date: CivilDate
  /// `date` − today.
  let days: Int
  /// `D-23`, `D-Day`, `D+5` (made when asked: `list` writes it straight from `days`).
  var label: String { DDayLabel.label(days: days) }
  /// The day count of a one-off date on or before today (`100` on `100일째`), else `nil`.
  let dayNumber: Int?
  /// Whether the note is in Korean (``DDayLanguage/isKorean``).
  private let isKorean: Bool

  /// The row of an event today.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - today: Today.
  ///   - lunar: The lunar calendar.
  ///   - language: The output language.
  init(
    _ event: SavedDDay, today: CivilDate, lunar: borrowing KoreanLunarCalendar,
    language: borrowing DDayLanguage
  ) {
    self.init(
      id: event.id, name: event.name, schedule: event.schedule, created: event.created,
      today: today, lunar: lunar, language: language)
  }

  /// The row of a D-Day read without its `created` column (the text of `dday list`), or of a whole one.
  ///
  /// - Parameters:
  ///   - id: The D-Day's id.
  ///   - name: Its name.
  ///   - schedule: When it falls.
  ///   - created: The day it was added, if it was read.
  ///   - today: Today.
  ///   - lunar: The lunar calendar.
  ///   - language: The output language.
  init(
    id: Int, name: String, schedule: DDaySchedule, created: CivilDate?, today: CivilDate,
    lunar: borrowing KoreanLunarCalendar, language: borrowing DDayLanguage
  ) {
    self.id = id
    self.name = name
    self.schedule = schedule
    self.created = created
    date =
      schedule.repeats == .none
      ? schedule.date : schedule.nextOccurrence(onOrAfter: today, lunar: lunar) ?? schedule.date
    days = today.days(to: date)
    dayNumber = schedule.dayNumber(on: today)
    isKorean = language.isKorean
  }

  /// `#3 "엄마 생신"`, for messages (as ``SavedDDay/reference``).
  var reference: String { "#\(id) \"\(name)\"" }

  /// What the text adds after the label: the repeat, the lunar date, the day count of a past one-off
  /// date (`매년 · 음력 7월 13일`, `100일째`); empty when there is nothing to add.
  var note: String {
    var text = TextBuffer()
    appendNote(to: &text)
    return text.text
  }

  /// Writes ``note`` into a buffer: `list` writes a thousand notes straight into its output rather than
  /// making a string of each.
  func appendNote(to output: inout TextBuffer) {
    var isFirst = true
    func separate() {
      if !isFirst { output.append(" · ") }
      isFirst = false
    }
    if let words = DDayLanguage.recurrence(schedule.repeats, isKorean: isKorean) {
      separate()
      output.append(words)
    }
    if let lunarDate = schedule.lunarDate {
      separate()
      DDayLanguage.appendLunarNote(
        lunarDate, withYear: schedule.repeats == .none, isKorean: isKorean, to: &output)
    }
    if let dayNumber, days < 0 {
      separate()
      DDayLanguage.appendDayNumber(dayNumber, isKorean: isKorean, to: &output)
    }
  }

  /// `1  처음 만난 날  2026-08-25  D+99  100일째` as table cells.
  var cells: [String] {
    [String(id), name, date.description, label, note]
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, start, lunarDate, leap, repeats, countStartDay, every, anniversaries, created
    case date, days, label, dayNumber
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(schedule.date, forKey: .start)
    try container.encode(schedule.lunarDate?.description, forKey: .lunarDate)
    try container.encode(schedule.lunarDate?.isLeapMonth ?? false, forKey: .leap)
    try container.encode(schedule.repeats, forKey: .repeats)
    try container.encode(schedule.countStartDay, forKey: .countStartDay)
    try container.encode(schedule.every, forKey: .every)
    try container.encode(schedule.anniversaries, forKey: .anniversaries)
    // Always there in JSON, which reads whole rows.
    if let created {
      try container.encode(created, forKey: .created)
    } else {
      try container.encodeNil(forKey: .created)
    }
    try container.encode(date, forKey: .date)
    try container.encode(days, forKey: .days)
    try container.encode(label, forKey: .label)
    try container.encode(dayNumber, forKey: .dayNumber)
  }
}
