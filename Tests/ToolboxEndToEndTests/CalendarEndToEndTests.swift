import Foundation
import Testing
import ToolboxTestSupport

/// `calendar holidays --ics` read by independent implementations: the PyPI `icalendar` package and
/// Debian's calcurse, which must import it without errors. `.ci/run` installs both and sets
/// `TOOLBOX_REQUIRE_TEST_TOOLS=1`; elsewhere a missing one skips its test with a hint.
@Suite struct CalendarICalendarTests {
  /// Writes `calendar holidays YEAR --ics` (with more words) to a file.
  static func export(_ directory: TemporaryDirectory, _ arguments: [String]) throws -> String {
    let result = try Toolbox.run(arguments)
    #expect(result.status == 0, "\(result.error)")
    return try directory.write("export-\(arguments.joined(separator: "-")).ics", result.output)
  }

  /// The holidays of a year as toolbox lists them in JSON: (date, name).
  static func holidays(_ year: Int, locale: String) throws -> [(String, String)] {
    let result = try Toolbox.run("--json", "--locale", locale, "calendar", "holidays", String(year))
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    let list = object?["holidays"] as? [[String: Any]] ?? []
    return list.map { ($0["date"] as? String ?? "", $0["name"] as? String ?? "") }
  }

  @Test(
    .enabled(
      if: TestTools.icalendarPython != nil || TestTools.areRequired,
      "needs a Python with the icalendar package: \(TestTools.setUpHint)"),
    arguments: [
      (1991, "en_US"), (2014, "ko_KR"), (2025, "en_US"), (2026, "ko_KR"), (2050, "en_US"),
    ])
  func `Python's icalendar reads every holiday back`(year: Int, locale: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Self.export(
      directory, ["--locale", locale, "calendar", "holidays", String(year), "--ics"])
    let text = try #require(directory.read((path as NSString).lastPathComponent))
    #expect(text.hasSuffix("\r\n"))
    for line in text.components(separatedBy: "\r\n") {
      #expect(line.utf8.count <= 75)
      #expect(!line.contains("\n") && !line.contains("\r"))
    }
    let parsed = try TestTools.parseWithPythonICalendar(path)
    #expect(parsed.flatMap(\.errors) == [])
    #expect(parsed.first?.name == "VCALENDAR")
    #expect(parsed.first?["VERSION"] == "2.0")
    let events = parsed.filter { $0.name == "VEVENT" }
    let expected = try Self.holidays(year, locale: locale)
    #expect(events.map { $0["DTSTART"] ?? "" } == expected.map(\.0))
    #expect(events.map { $0["SUMMARY"] ?? "" } == expected.map(\.1))
    #expect(Set(events.compactMap { $0["UID"] }).count == events.count)
    for event in events {
      #expect(event["DTSTAMP"] == "2026-12-02T00:00:00+00:00")
      #expect(event["TRANSP"] == "TRANSPARENT")
      let start = try #require(event["DTSTART"])
      let end = try #require(event["DTEND"])
      #expect(end > start)
    }
  }

  @Test(
    .enabled(
      if: TestTools.calcurse != nil || TestTools.areRequired,
      "needs calcurse: apt-get install calcurse"))
  func `calcurse imports the holidays without errors`() throws {
    let calcurse = try #require(
      TestTools.calcurse, "calcurse is not installed: \(TestTools.setUpHint)")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (locale, chuseok) in [("en_US", "Chuseok"), ("ko_KR", "추석")] {
      let path = try Self.export(
        directory, ["--locale", locale, "calendar", "holidays", "2026", "--ics"])
      let data = directory.file("calcurse-\(locale)")
      let environment = [
        "HOME": directory.path, "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "TERM": "dumb",
      ]
      let imported = try TestTools.run(
        calcurse, ["-D", data, "-i", path], environment: environment)
      #expect(imported.status == 0, "\(imported.output) \(imported.error)")
      #expect(
        imported.output.contains("0 apps / 22 events / 0 todos / 0 skipped"), "\(imported.output)")
      #expect(imported.error == "")
      let day = try TestTools.run(
        calcurse, ["-D", data, "-Q", "--from", "09/25/2026", "--days", "1"],
        environment: environment)
      #expect(day.output.contains(" * \(chuseok)\n"), "\(day.output)")
    }
  }

  @Test func `holiday marks through the binary, with the config file`() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let config = try directory.write("config.json", #"{"tools": {"calendar": {"holidays": "KR"}}}"#)
    let marked = try Toolbox.run("--config", config, "calendar", "10", "2026")
    #expect(marked.output.contains("\n             1  2  3̲\n 4  5̲  6  7  8  9̲ 10\n"))
    let plain = try Toolbox.run("--config", config, "calendar", "10", "2026", "--no-marks")
    #expect(plain.output == (try Toolbox.run("calendar", "10", "2026")).output)
    let json = try Toolbox.run("--config", config, "--json", "calendar", "10", "2026")
    #expect(json.output.contains("\"marks\" : [") || json.output.contains("\"marks\": ["))
  }
}
