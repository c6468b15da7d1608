import Foundation
import Testing
import ToolboxCore
import ToolboxStorage
import ToolboxTestSupport

@testable import ToolboxDDay

/// The schedule that the list, the agenda and the calendar's marks read packed into one text from the
/// `events_schedule` index (schema 3), instead of nine columns of each row.
@Suite struct StoredScheduleTests {
  private func parse(_ text: String) -> StoredSchedule? {
    Array(text.utf8).withUnsafeBufferPointer { StoredSchedule(packed: $0) }
  }

  @Test func `a packed schedule is read field by field`() {
    #expect(
      parse("0011none,100,1990-05-17")
        == StoredSchedule(
          year: 1990, month: 5, day: 17, isLunar: false, isLeapMonth: false, repeats: .none,
          countStartDay: true, every: 100, anniversaries: true))
    #expect(
      parse("1100yearly,0,1962-08-15")
        == StoredSchedule(
          year: 1962, month: 8, day: 15, isLunar: true, isLeapMonth: true, repeats: .yearly,
          countStartDay: false, every: 0, anniversaries: false))
    #expect(parse("0010monthly,123456789012345678,2024-01-31")?.every == 123_456_789_012_345_678)
    // The date's form is checked here, whether it exists is checked with the calendar it is on.
    #expect(parse("0011none,100,2026-02-30")?.storedDate == "2026-02-30")
    #expect(parse("1011none,7,0999-13-01")?.storedDate == "0999-13-01")
  }

  @Test func `anything toolbox does not write is refused`() {
    for text in [
      "", "0011none,100,1990-5-17", "2011none,100,1990-05-17", "0011weekly,100,1990-05-17",
      "0011None,100,1990-05-17", "0011none,-1,1990-05-17", "0011none,1.5,1990-05-17",
      "0011none,,1990-05-17", "0011none,100", "0011none,100,", "0011none100,1990-05-17",
      "0011none,1234567890123456789,1990-05-17", "0011none,100,1990-05-17x",
      "001none,100,1990-05-17",
      "0011none,100,1990/05/17", "0011,none,100,1990-05-17",
    ] {
      #expect(parse(text) == nil, "\(text)")
    }
  }

  @Test func `the list reads the packed schedule from the index alone`() throws {
    // The index's expression is the one the query reads (else SQLite computes it from each row).
    let migration = try #require(DDaySchema.migrations.last)
    #expect(migration.sql.contains("(" + StoredSchedule.packedExpression + ")"))
    let harness = try DDayHarness()
    harness.seed()
    let store = try harness.open()
    let connection = store.database.connection
    let root = try connection.integer("SELECT rootpage FROM sqlite_schema WHERE name = 'events'")
    let explain = try connection.prepare("EXPLAIN " + DDayStore.scheduleQuery)
    var table: Int?
    var reads: [Int] = []
    while try explain.step() {
      let (opcode, p1, p2) = (explain.text(1) ?? "", explain.int(2), explain.int(3))
      if opcode == "OpenRead", p2 == Int(root) { table = p1 }
      if ["Column", "Rowid", "SeekRowid", "NotExists"].contains(opcode) { reads.append(p1) }
    }
    let tableCursor = try #require(table)
    #expect(reads.count >= 2)
    #expect(!reads.contains(tableCursor), "reads \(reads), table cursor \(tableCursor)")
  }

  @Test func `a store of schema 2 gets the index and lists the same`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let before = harness.run("dday", "list")
    #expect(before.status == 0)
    // Schema 3 only adds the index: without it and with user_version 2 the store is one of schema 2.
    do {
      let store = try harness.open()
      try store.database.connection.execute(
        "DROP INDEX events_schedule; PRAGMA user_version = 2;")
    }
    let after = harness.run("dday", "list")
    #expect(after.status == 0, "\(after.error)")
    #expect(after.output == before.output)
    let store = try harness.open()
    #expect(
      try store.database.connection.integer(
        "SELECT count(*) FROM sqlite_schema WHERE name = 'events_schedule'") == 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: harness.folder.file("data"))
    #expect(files.contains { $0.hasPrefix("dday.sqlite3.bak-") })
  }

  @Test func `a store whose index was dropped by hand lists the same from its rows`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let before = harness.run("dday", "list")
    do {
      let store = try harness.open()
      try store.database.connection.execute("DROP INDEX events_schedule")
    }
    let after = harness.run("dday", "list")
    #expect(after.status == 0, "\(after.error)")
    #expect(after.output == before.output)
  }
}
