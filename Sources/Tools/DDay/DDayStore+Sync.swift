import ToolboxStorage

extension DDayStore {
  /// Replaces a D-Day's name, schedule, `UID` and kept content (what `sync` read from a collection),
  /// inside the caller's transaction (``transaction(_:)``).
  ///
  /// - Parameter event: The D-Day as it should be; its id and creation day name the row.
  /// - Throws: ``StoreError``.
  func replaceForSync(_ event: SavedDDay) throws {
    let schedule = event.schedule
    _ = try database.connection.run(
      """
      UPDATE events SET name = ?1, date = ?2, lunar = ?3, leap = ?4, repeats = ?5,
        count_start_day = ?6, every = ?7, anniversaries = ?8, uid = ?9, extra = ?10 WHERE id = ?11
      """,
      .text(event.name), .text(schedule.storedDate), .int(schedule.isLunar ? 1 : 0),
      .int(schedule.lunarDate?.isLeapMonth == true ? 1 : 0), .text(schedule.repeats.rawValue),
      .int(schedule.countStartDay ? 1 : 0), .int(schedule.every),
      .int(schedule.anniversaries ? 1 : 0), event.uid.map { .text($0) } ?? .null,
      event.extra.map { .text($0) } ?? .null, .int(event.id))
  }

  /// Removes a D-Day inside the caller's transaction.
  func removeForSync(_ id: Int) throws {
    _ = try database.connection.run("DELETE FROM events WHERE id = ?1", .int(id))
  }
}
