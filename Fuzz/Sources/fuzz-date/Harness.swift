import FuzzSupport
import ToolboxCalendrics

@testable import ToolboxCore
@testable import ToolboxDDay

// `CivilDate` parsing and arithmetic, Core's `DateInput` (which dday reads dates with), lunar date input (the agenda's
// `--from` and the calendar's `-H` read dates with DateInput too), the Korean lunar calendar, saved D-Days' schedules and ages: every accepted string
// re-formats to itself, a + n − n == a, `days(to:)` agrees with `adding`, day numbers round-trip, the same
// day in another year stays in its month, a solar date's lunar date converts back to it, a D-Day's next
// occurrence is its only occurrence from the day asked to itself, anniversaries fall on their step, and the
// age goes up by exactly one on the next birthday.

let reader = DateInput(today: .test("2026-12-02"))
let lunar = KoreanLunarCalendar()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let offset = input.int32()
  let year = Int(UInt16(input.byte()) << 8 | UInt16(input.byte()))
  let checksLunar = input.byte() & 0x0F == 0
  let text = input.restText()

  _ = CivilDate(dayNumber: offset)
  let date: CivilDate
  switch CivilDate.parse(text) {
  case .valid(let valid):
    require(valid.description == text, "\(Array(text.utf8)) was read as \(valid)")
    date = valid
  case .malformed, .nonexistent:
    // dday reads dates with Core's DateInput (words, relative dates, other spellings): whatever it accepts
    // is a date whose ISO spelling reads back as itself.
    if let read = try? reader.date(text) {
      require(
        (try? reader.date(read.description)) == read,
        "DateInput took \(Array(text.utf8)) as \(read), which does not read back")
    }
    if checksLunar { checkLunarInput(text, isLeapMonth: year & 1 == 1) }
    return 0
  }
  require(CivilDate(dayNumber: date.dayNumber) == date, "\(date) day number does not round-trip")

  if let moved = date.adding(days: offset) {
    require(moved.adding(days: -offset) == date, "\(date) + \(offset) − \(offset) is not \(date)")
    require(date.days(to: moved) == offset, "\(date) to \(moved) is not \(offset) days")
  } else {
    require(
      CivilDate(dayNumber: date.dayNumber + offset) == nil,
      "\(date) + \(offset) is in range but adding refused it")
  }

  if let same = date.sameDay(inYear: year) {
    require(
      same.year == year && same.month == date.month
        && (same.day == date.day || (date.month == 2 && date.day == 29 && same.day == 28)),
      "\(date) in \(year) became \(same)")
  } else {
    require(!CivilDate.yearRange.contains(year), "\(date) has no same day in \(year)")
  }

  if checksLunar, let lunarDate = lunar.lunarDate(of: date) {
    require(
      lunar.dayNumber(of: lunarDate) == date.dayNumber,
      "\(date) is lunar \(lunarDate) (leap: \(lunarDate.isLeapMonth)), which converts back elsewhere"
    )
  }
  if checksLunar { checkLunarInput(text, isLeapMonth: year & 1 == 1) }

  // A saved D-Day on this date, seen from a day up to ~11 years away; lunar only when the lunar calendar is
  // checked (outside 1391-2050 it loads ICU).
  let day = date.adding(days: offset % 4096) ?? date
  let lunarOrigin = checksLunar ? lunar.lunarDate(of: date) : nil
  let schedule = DDaySchedule(
    date: date,
    lunarDate: lunarOrigin.flatMap { KoreanLunarCalendar.yearRange.contains($0.year) ? $0 : nil },
    repeats: [Recurrence.none, .yearly, .monthly][year % 3], countStartDay: year & 4 == 0,
    every: year % 401, anniversaries: true)
  if !(schedule.isLunar && schedule.repeats == .monthly) { checkSchedule(schedule, from: day) }
  if date <= day { checkAge(birth: date, on: day) }
  return 0
}

/// Lunar date input: what is accepted names the lunar date it was given, on a day that converts back.
func checkLunarInput(_ text: String, isLeapMonth: Bool) {
  guard let (given, solar) = try? DateReader.lunarDate(text, isLeapMonth: isLeapMonth) else {
    return
  }
  require(
    given.description == text && given.isLeapMonth == isLeapMonth,
    "lunar input \(Array(text.utf8)) was read as \(given.descriptionWithLeap)")
  require(
    lunar.lunarDate(of: solar) == given,
    "lunar \(given.descriptionWithLeap) is \(solar), which is not it")
}

/// The next occurrence is on or after the day and the date, and the only occurrence from the day to it;
/// anniversaries in a range lie in it, in order, on their step.
func checkSchedule(_ schedule: DDaySchedule, from day: CivilDate) {
  if let next = schedule.nextOccurrence(onOrAfter: day, lunar: lunar) {
    require(next >= day && next >= schedule.date, "\(schedule): next \(next) is before \(day)")
    let between = schedule.occurrences(in: day...next, lunar: lunar)
    require(between == [next], "\(schedule): from \(day) to the next \(next) come \(between)")
  } else {
    require(
      schedule.repeats != .none || schedule.date < day,
      "\(schedule): no next occurrence from \(day)")
  }
  let end = day.adding(days: 120) ?? .maximum
  let items = schedule.anniversaries(in: day...end, lunar: lunar)
  let shift = schedule.countStartDay ? 1 : 0
  for (index, item) in items.enumerated() {
    require((day...end).contains(item.date), "\(schedule): anniversary \(item) outside the range")
    if index > 0 {
      require(items[index - 1].date <= item.date, "\(schedule): anniversaries out of order")
    }
    switch item.kind {
    case .days:
      require(
        schedule.every > 0 && item.n % schedule.every == 0
          && schedule.date.days(to: item.date) + shift == item.n,
        "\(schedule): day anniversary \(item)")
    case .years:
      require(item.n >= 1, "\(schedule): yearly anniversary \(item)")
    }
  }
}

/// 만 나이 never goes down, differs from 연 나이 by at most one, and goes up by one on the next birthday.
func checkAge(birth: CivilDate, on day: CivilDate) {
  let age = Age.international(birth: birth, on: day)
  let yearAge = Age.yearAge(birth: birth, on: day)
  require(
    age >= 0 && (0...1).contains(yearAge - age), "age of \(birth) on \(day): \(age), \(yearAge)")
  guard let next = Age.nextBirthday(birth: birth, onOrAfter: day) else { return }
  require(next >= day, "next birthday of \(birth) from \(day) is \(next)")
  if let before = next.adding(days: -1), before >= birth {
    require(
      Age.international(birth: birth, on: next) == Age.international(birth: birth, on: before) + 1,
      "\(birth) does not get older on \(next)")
  }
}
