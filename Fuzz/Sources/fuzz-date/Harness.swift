import FuzzSupport
import ToolboxCalendrics
import ToolboxCore

@testable import ToolboxDDay

// `CivilDate` parsing and arithmetic, the dday date reader (`today`, `tomorrow`, …) and the Korean lunar
// calendar: every accepted string re-formats to itself, a + n − n == a, `days(to:)` agrees with `adding`,
// day numbers round-trip, the same day in another year stays in its month, and a solar date's lunar date
// converts back to it.

let reader = DateReader(today: .test("2026-12-02"))
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
    // The reader also takes words; whatever it accepts is a date in range that it names exactly.
    if let read = try? reader.date(text) {
      require(
        read.description == text || DateReader.words.contains { $0.word == text.lowercased() },
        "the reader took \(Array(text.utf8)) as \(read)")
    }
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
  return 0
}
