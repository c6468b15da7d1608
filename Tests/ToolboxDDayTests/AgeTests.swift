import Testing
import ToolboxCore

@testable import ToolboxDDay

/// 만 나이, 연 나이, 세는 나이 and birthdays, including February 29.
@Suite struct AgeTests {
  @Test(arguments: [
    ("1990-05-17", "2026-12-02", 36, 36, 37),
    ("1990-05-17", "2026-05-16", 35, 36, 37),
    ("1990-05-17", "2026-05-17", 36, 36, 37),
    ("2026-12-02", "2026-12-02", 0, 0, 1),
    ("2025-12-31", "2026-01-01", 0, 1, 2),
    // February 29: one year older on March 1 in common years (Civil Act arts. 158, 160).
    ("2004-02-29", "2005-02-28", 0, 1, 2),
    ("2004-02-29", "2005-03-01", 1, 1, 2),
    ("2004-02-29", "2008-02-28", 3, 4, 5),
    ("2004-02-29", "2008-02-29", 4, 4, 5),
  ])
  func `three ages`(birth: String, on: String, age: Int, yearAge: Int, countingAge: Int) {
    #expect(Age.international(birth: .test(birth), on: .test(on)) == age)
    #expect(Age.yearAge(birth: .test(birth), on: .test(on)) == yearAge)
    #expect(Age.countingAge(birth: .test(birth), on: .test(on)) == countingAge)
  }

  @Test func `the age changes on the next birthday`() {
    #expect(
      Age.nextBirthday(birth: .test("2004-02-29"), onOrAfter: .test("2026-12-02"))
        == .test("2027-03-01"))
    #expect(
      Age.nextBirthday(birth: .test("2004-02-29"), onOrAfter: .test("2027-03-02"))
        == .test("2028-02-29"))
    #expect(
      Age.nextBirthday(birth: .test("1990-05-17"), onOrAfter: .test("2026-05-17"))
        == .test("2026-05-17"))
    #expect(Age.nextBirthday(birth: .test("1990-05-17"), onOrAfter: .test("9999-05-18")) == nil)
    // Every day: the age goes up by one exactly on the next birthday.
    for birth in ["2004-02-29", "1990-05-17", "2000-12-31", "2001-01-01"].map(CivilDate.test) {
      var day = birth
      while day < .test("2013-01-01") {
        let next = Age.nextBirthday(birth: birth, onOrAfter: day) ?? .maximum
        let before = next.adding(days: -1) ?? next
        if before >= birth {
          #expect(
            Age.international(birth: birth, on: next) == Age.international(birth: birth, on: before)
              + 1)
        }
        day = day.adding(days: 1) ?? .maximum
      }
    }
  }
}
