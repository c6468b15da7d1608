import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxCalendrics

/// The generated table against ICU's dangi calendar, which it was made from, read here through Foundation
/// directly (not through ``DangiCalendar``), and the hand-over to ICU at the table's ends.
@Suite struct KoreanLunarTableTests {
  let calendar = KoreanLunarCalendar()

  /// ICU's lunar date of a day, as the generator reads it: noon UTC, era and year from the Chinese epoch.
  static func icuLunarDate(dayNumber: Int, in dangi: Calendar) -> LunarDate? {
    let noon = Date(timeIntervalSince1970: Double(dayNumber - 719_162) * 86_400 + 43_200)
    let parts = dangi.dateComponents([.era, .year, .month, .day, .isLeapMonth], from: noon)
    guard let era = parts.era, let year = parts.year, let month = parts.month, let day = parts.day
    else { return nil }
    return LunarDate(
      year: (era - 1) * 60 + year - 2637, month: month, day: day,
      isLeapMonth: parts.isLeapMonth ?? false)
  }

  static func dangi() -> Calendar {
    var dangi = Calendar(identifier: .dangi)
    dangi.timeZone = .gmt
    return dangi
  }

  @Test func `the table covers lunar years 1391 to 2050`() {
    #expect(KoreanLunarCalendar.tableYears == 1391...2050)
    #expect(KoreanLunarYear.packedYears.count == 660)
  }

  /// The shortcut for the year alone agrees with the full conversion on every day of the table's years and
  /// a year around them (where it hands over to ICU).
  @Test func `the lunar year of a day is the year of its lunar date`() throws {
    var day = try #require(CivilDate(year: 1390, month: 1, day: 1))
    let end = try #require(CivilDate(year: 2052, month: 12, day: 31))
    while day <= end {
      #expect(calendar.lunarYear(of: day) == calendar.lunarDate(of: day)?.year, "\(day)")
      day = try #require(day.adding(days: 1))
    }
  }

  /// Whether ICU is asked about every day of the table (`TOOLBOX_FULL_TESTS=1`, docs/DEVELOPMENT.md,
  /// *Tests*) rather than about the first and last day of each of its months.
  static let full = ProcessInfo.processInfo.environment["TOOLBOX_FULL_TESTS"] == "1"

  /// Every day of the table (1391-02-13 to 2051-02-10): the same lunar date as ICU, and back to the same day.
  ///
  /// ICU (about 25 µs a day) is asked about the first and the last day of each of the table's months;
  /// every day in between is checked to be the day after the one before in the same month, in the table. A
  /// month that agrees with ICU at both ends agrees on every day, since ICU's days of a month are
  /// consecutive too; a month boundary the table puts a day early or late disagrees at one of its ends.
  /// `TOOLBOX_FULL_TESTS=1` asks ICU about every day as well.
  @Test func `agrees with ICU's dangi calendar on every day of the table`() throws {
    let dangi = Self.dangi()
    let first = try #require(KoreanLunarYear(year: 1391)).newYear
    let lastYear = try #require(KoreanLunarYear(year: 2050))
    let last = lastYear.newYear + lastYear.length - 1
    #expect(CivilDate(dayNumber: first) == .test("1391-02-13"))
    #expect(CivilDate(dayNumber: last) == .test("2051-02-10"))
    let table = try (first...last + 1).map { dayNumber in
      calendar.lunarDate(of: try #require(CivilDate(dayNumber: dayNumber)))
    }
    var mismatches = 0
    var askedICU = 0
    func mismatch(_ message: String) {
      mismatches += 1
      if mismatches <= 10 { Issue.record(Comment(rawValue: message)) }
    }
    for (index, dayNumber) in (first...last).enumerated() {
      let date = try #require(CivilDate(dayNumber: dayNumber))
      let lunar = table[index]
      if lunar.flatMap(calendar.dayNumber(of:)) != dayNumber {
        mismatch("\(date): table \(String(describing: lunar)) does not convert back")
      }
      let monthStarts = lunar?.day == 1
      let monthEnds = table[index + 1]?.day == 1
      if Self.full || monthStarts || monthEnds || index == 0 {
        askedICU += 1
        let icu = Self.icuLunarDate(dayNumber: dayNumber, in: dangi)
        if lunar != icu {
          mismatch("\(date): table \(String(describing: lunar)), ICU \(String(describing: icu))")
        }
      } else if let previous = table[index - 1] {
        let next = LunarDate(
          year: previous.year, month: previous.month, day: previous.day + 1,
          isLeapMonth: previous.isLeapMonth)
        if lunar != next {
          mismatch("\(date): table \(String(describing: lunar)) after \(previous)")
        }
      } else {
        mismatch("\(date): the table has no date for the day before")
      }
    }
    #expect(mismatches == 0)
    // Both ends of every month, or every day in full.
    let months = try (1391...2050).reduce(0) {
      $0 + (try #require(KoreanLunarYear(year: $1))).monthCount
    }
    #expect(askedICU == (Self.full ? last - first + 1 : 2 * months), "\(askedICU)")
  }

  /// Every year starts the day after the one before ends, with 12 or 13 months of 29 or 30 days.
  @Test func `the years are back to back`() throws {
    var previous = try #require(KoreanLunarYear(year: 1391))
    for year in 1392...2050 {
      let current = try #require(KoreanLunarYear(year: year))
      #expect(current.newYear == previous.newYear + previous.length, "\(year)")
      #expect(
        [353, 354, 355, 383, 384, 385].contains(current.length), "\(year): \(current.length)")
      previous = current
    }
    #expect(KoreanLunarYear(year: 1390) == nil)
    #expect(KoreanLunarYear(year: 2051) == nil)
  }

  /// Just outside the table the conversion is ICU's, and it continues the table without a gap.
  @Test(arguments: [
    ("1391-02-12", LunarDate(year: 1390, month: 12, day: 30, isLeapMonth: false)),
    ("1391-02-13", LunarDate(year: 1391, month: 1, day: 1, isLeapMonth: false)),
    ("2051-02-10", LunarDate(year: 2050, month: 12, day: 29, isLeapMonth: false)),
    ("2051-02-11", LunarDate(year: 2051, month: 1, day: 1, isLeapMonth: false)),
    ("1391-01-01", LunarDate(year: 1390, month: 11, day: 18, isLeapMonth: false)),
    ("2051-12-31", LunarDate(year: 2051, month: 11, day: 29, isLeapMonth: false)),
  ])
  func `hands over to ICU at the table's ends`(solar: String, lunar: LunarDate) {
    let date = CivilDate.test(solar)
    #expect(calendar.lunarDate(of: date) == lunar)
    #expect(calendar.dayNumber(of: lunar) == date.dayNumber)
    #expect(Self.icuLunarDate(dayNumber: date.dayNumber, in: Self.dangi()) == lunar)
  }

  @Test func `lengths and leap months outside the table come from ICU`() {
    for year in [1389, 2052, 2100] {
      let leap = calendar.leapMonth(inYear: year)
      for month in 1...12 {
        let length = calendar.length(ofYear: year, month: month, isLeapMonth: false)
        #expect(length == 29 || length == 30, "\(year)-\(month)")
      }
      if let leap {
        #expect(calendar.length(ofYear: year, month: leap, isLeapMonth: true) != nil)
      }
    }
  }
}
