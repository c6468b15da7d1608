import Foundation
import Testing
import ToolboxTestSupport

/// `toolbox dday sync FOLDER|URL` with real peers: khal reading the vdir toolbox wrote (yearly, monthly and
/// lunar D-Days on the right solar days), python's icalendar and khal changing the folder, and a Radicale
/// server changed through python's `caldav` library as a phone would, between two syncs. All from the test
/// venv at `.build/test-venv`, configured inside the sandbox (HOME, XDG_* in it, TZ=UTC).
@Suite struct DDayCollectionSyncTests {
  static let venv: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().path
    return root + "/.build/test-venv/bin"
  }()

  static var hasPeers: Bool {
    ["khal", "python"].allSatisfy {
      FileManager.default.isExecutableFile(atPath: venv + "/" + $0)
    }
  }

  /// A sandbox: the store, a vdir (`<folder>/calendars/ddays`) and khal's configuration for it.
  final class Sandbox {
    let folder: TemporaryDirectory
    let vdir: String
    var environment: [String: String]

    init() throws {
      folder = try TemporaryDirectory()
      vdir = folder.path + "/calendars/ddays"
      try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        atPath: folder.path + "/config/khal", withIntermediateDirectories: true)
      _ = try folder.write(
        "config/khal/config",
        """
        [calendars]
        [[ddays]]
        path = \(vdir)
        [locale]
        timeformat = %H:%M
        dateformat = %Y-%m-%d
        longdateformat = %Y-%m-%d
        datetimeformat = %Y-%m-%d %H:%M
        longdatetimeformat = %Y-%m-%d %H:%M
        local_timezone = UTC
        default_timezone = UTC
        [default]
        default_calendar = ddays

        """)
      environment = [
        "HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/config",
        "XDG_DATA_HOME": folder.path + "/data", "XDG_CACHE_HOME": folder.path + "/cache",
        "TOOLBOX_DDAY_STORE": folder.path + "/dday.sqlite3", "TOOLBOX_TODAY": "2026-12-07",
        "PATH": "/usr/local/bin:/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8",
      ]
    }

    deinit { folder.remove() }

    /// Runs toolbox.
    func toolbox(_ arguments: String...) throws -> ProcessResult {
      try Toolbox.run(arguments, environment: environment)
    }

    /// Runs toolbox and expects success.
    @discardableResult
    func ok(_ arguments: String...) throws -> ProcessResult {
      let result = try Toolbox.run(arguments, environment: environment)
      #expect(result.status == 0, "toolbox \(arguments): \(result.error)")
      return result
    }

    /// `khal list` over a range: `2027-04-21 Mom` lines.
    func khal(_ from: String, _ to: String) throws -> [String] {
      let result = try Toolbox.run(
        [
          "list", "--day-format", "", "--format", "{start-date} {title}", from, to,
        ], environment: environment, executable: DDayCollectionSyncTests.venv + "/khal")
      #expect(result.status == 0, "khal: \(result.error)")
      return result.output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// Runs a python script of the venv (icalendar, caldav) with arguments.
    @discardableResult
    func python(_ script: String, _ arguments: String...) throws -> String {
      let result = try Toolbox.run(
        ["-c", script] + arguments, environment: environment,
        executable: DDayCollectionSyncTests.venv + "/python")
      #expect(result.status == 0, "python: \(result.error)")
      return result.output
    }

    /// The saved D-Days' names by id.
    func names() throws -> [Int: String] {
      let output = try ok("--json", "dday", "list").output
      let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
      var names: [Int: String] = [:]
      for event in object?["events"] as? [[String: Any]] ?? [] {
        if let id = event["id"] as? Int, let name = event["name"] as? String { names[id] = name }
      }
      return names
    }

    /// The vdir file whose text contains `text`.
    func file(containing text: String) throws -> String {
      for name in try FileManager.default.contentsOfDirectory(atPath: vdir).sorted()
      where name.hasSuffix(".ics") {
        let content = try String(contentsOfFile: vdir + "/" + name, encoding: .utf8)
        if content.contains(text) { return vdir + "/" + name }
      }
      throw NotFound(text: text)
    }
  }

  struct NotFound: Error { let text: String }

  /// The solar day of a lunar date as `dday solar` converts it (another path than sync's RDATEs).
  static func solar(_ sandbox: Sandbox, _ lunar: String) throws -> String {
    let output = try sandbox.ok("--json", "dday", "solar", lunar).output
    let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    return try #require(object?["solar"] as? String)
  }

  /// Python: prints `SUMMARY|DTSTART|RRULE|RDATEs` of every VEVENT of each file named.
  static let describe = """
    import sys, icalendar
    for path in sys.argv[1:]:
        cal = icalendar.Calendar.from_ical(open(path, 'rb').read())
        for e in cal.walk('VEVENT'):
            rdates = []
            r = e.get('RDATE')
            for l in (r if isinstance(r, list) else [r] if r else []):
                rdates += [d.dt.isoformat() for d in l.dts]
            rule = e.get('RRULE')
            print('|'.join([str(e['SUMMARY']), e['DTSTART'].dt.isoformat(),
                rule.to_ical().decode() if rule else '', ','.join(rdates)]))
    """

  @Test(.enabled(if: hasPeers))
  func khalListsTheSyncedDDaysOnTheirSolarDays() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("dday", "add", "First date", "2026-08-25", "--yearly")
    try sandbox.ok("dday", "add", "Rent", "2026-01-31", "--monthly")
    try sandbox.ok("dday", "add", "Mom birthday", "1960-03-15", "--lunar", "--yearly")
    try sandbox.ok("dday", "add", "Exam", "2027-02-01")
    let first = try sandbox.ok("dday", "sync", sandbox.vdir)
    #expect(first.output.contains("D-Days 0 added, 0 updated, 0 removed; folder 4 added"))
    #expect(try sandbox.ok("dday", "sync", sandbox.vdir).output.contains("already in step"))

    let lines = try sandbox.khal("2027-01-01", "2028-12-31")
    let mom2027 = try Self.solar(sandbox, "2027-03-15")
    let mom2028 = try Self.solar(sandbox, "2028-03-15")
    #expect(mom2027 == "2027-04-21")
    #expect(lines.contains("\(mom2027) Mom birthday"))
    #expect(lines.contains("\(mom2028) Mom birthday"))
    #expect(lines.filter { $0.hasSuffix("Mom birthday") }.count == 2)
    #expect(lines.contains("2027-08-25 First date") && lines.contains("2028-08-25 First date"))
    #expect(lines.contains("2027-02-01 Exam"))
    // The 31st on the month's last day, as dday keeps it.
    #expect(lines.contains("2027-02-28 Rent") && lines.contains("2028-02-29 Rent"))
    #expect(lines.contains("2027-04-30 Rent"))
    #expect(lines.filter { $0.hasSuffix("Rent") }.count == 24)

    // python's icalendar reads the lunar event: a solar DTSTART and the RDATEs of ten lunar years.
    let described = try sandbox.python(
      Self.describe, try sandbox.file(containing: "Mom birthday"))
    let parts = described.trimmingCharacters(in: .newlines).split(
      separator: "|", omittingEmptySubsequences: false)
    #expect(parts.count == 4)
    #expect(parts.first == "Mom birthday")
    #expect(parts.dropFirst().first == "1960-04-10")
    let rdates = parts.last.map { $0.split(separator: ",").map(String.init) } ?? []
    #expect(rdates.count == 10)
    #expect(rdates.contains(mom2027) && rdates.contains(mom2028))
    #expect(rdates.contains(try Self.solar(sandbox, "2035-03-15")))
  }

  @Test(.enabled(if: hasPeers))
  func changesMadeInTheFolderByOtherProgramsComeBack() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("dday", "add", "Exam", "2027-02-01")
    try sandbox.ok("dday", "add", "Rent", "2026-01-31", "--monthly")
    try sandbox.ok("dday", "add", "Trip", "2027-06-01")
    try sandbox.ok("dday", "sync", sandbox.vdir)

    // python's icalendar: renames Exam and adds a property and an alarm toolbox has no field for.
    try sandbox.python(
      """
      import sys, icalendar
      path = sys.argv[1]
      cal = icalendar.Calendar.from_ical(open(path, 'rb').read())
      e = cal.walk('VEVENT')[0]
      e['SUMMARY'] = 'Final exam'
      e.add('X-PEER-NOTE', 'bring a pencil')
      alarm = icalendar.Alarm()
      alarm.add('ACTION', 'DISPLAY')
      alarm.add('DESCRIPTION', 'Exam tomorrow')
      alarm.add('TRIGGER', icalendar.vDuration(__import__('datetime').timedelta(days=-1)))
      e.add_component(alarm)
      open(path, 'wb').write(cal.to_ical())
      """, try sandbox.file(containing: "SUMMARY:Exam"))
    // A new yearly event, written by python's icalendar as vdirsyncer names files.
    try sandbox.python(
      """
      import sys, datetime, icalendar
      cal = icalendar.Calendar()
      cal.add('PRODID', '-//peer//EN'); cal.add('VERSION', '2.0')
      e = icalendar.Event()
      e.add('UID', 'peer-anniversary-1'); e.add('SUMMARY', 'Wedding')
      e.add('DTSTAMP', datetime.datetime(2026, 11, 1, 9, 30, tzinfo=datetime.timezone.utc))
      e.add('DTSTART', datetime.date(2020, 5, 9)); e.add('RRULE', {'FREQ': 'YEARLY'})
      cal.add_component(e)
      open(sys.argv[1] + '/peer-anniversary-1.ics', 'wb').write(cal.to_ical())
      """, sandbox.vdir)
    // khal adds an all-day event; Trip's file is deleted.
    let khal = try Toolbox.run(
      ["new", "2027-07-07", "Party"], environment: sandbox.environment,
      executable: Self.venv + "/khal")
    #expect(khal.status == 0, "khal new: \(khal.error)")
    try FileManager.default.removeItem(atPath: try sandbox.file(containing: "SUMMARY:Trip"))

    let sync = try sandbox.ok("dday", "sync", sandbox.vdir)
    #expect(sync.output.contains("D-Days 2 added, 1 updated, 1 removed"), "\(sync.output)")
    let names = try sandbox.names()
    #expect(Set(names.values) == ["Final exam", "Rent", "Wedding", "Party"])
    let shown = try sandbox.ok("dday", "list").output
    #expect(shown.contains("Wedding") && shown.contains("every year"))
    #expect(try sandbox.ok("dday", "sync", sandbox.vdir).output.contains("already in step"))

    // toolbox renames the D-Day: the property and the alarm are still in the folder.
    let exam = try #require(names.first { $0.value == "Final exam" }?.key)
    try sandbox.ok("dday", "edit", String(exam), "Final exam (room 2)")
    #expect(
      try sandbox.ok("dday", "sync", sandbox.vdir).output.contains(
        "D-Days 0 added, 0 updated, 0 removed; folder 0 added, 1 updated, 0 removed"))
    let check = try sandbox.python(
      """
      import sys, icalendar
      e = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read()).walk('VEVENT')[0]
      a = e.walk('VALARM')
      print(e['SUMMARY'], '|', e['X-PEER-NOTE'], '|', len(a), a[0]['DESCRIPTION'] if a else '')
      """, try sandbox.file(containing: "room 2"))
    #expect(check == "Final exam (room 2) | bring a pencil | 1 Exam tomorrow\n")
    // khal still shows it, and the peer's events, on their days.
    let lines = try sandbox.khal("2027-01-01", "2027-12-31")
    #expect(lines.contains("2027-02-01 Final exam (room 2)"))
    #expect(lines.contains("2027-05-09 Wedding") && lines.contains("2027-07-07 Party"))
    #expect(!lines.contains { $0.hasSuffix("Trip") })
  }

  @Test(.enabled(if: hasPeers))
  func aLunarRuleOfAClientThatTakesRSCALEIsALunarYearlyDDay() throws {
    let sandbox = try Sandbox()
    _ = try sandbox.folder.write(
      "calendars/ddays/phone-lunar.ics",
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VEVENT\r\n"
        + "UID:phone-lunar\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:20270421\r\n"
        + "RRULE:RSCALE=DANGI;FREQ=YEARLY\r\nSUMMARY:Grandma\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    let sync = try sandbox.ok("dday", "sync", sandbox.vdir)
    #expect(sync.output.contains("D-Days 1 added"), "\(sync.output)")
    let output = try sandbox.ok("--json", "dday", "list").output
    let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    let event = try #require((object?["events"] as? [[String: Any]])?.first)
    #expect(event["lunarDate"] as? String == "2027-03-15")
    #expect(event["repeats"] as? String == "yearly")
    #expect(event["date"] as? String == (try Self.solar(sandbox, "2027-03-15")))
  }

  @Test func badTargetsAreOneLineAndTheirExitCodeWithoutCreatingTheStore() throws {
    let sandbox = try Sandbox()
    let store = try #require(sandbox.environment["TOOLBOX_DDAY_STORE"])
    let none = try sandbox.toolbox("dday", "sync")
    #expect(none.status == 64)
    #expect(none.error.hasPrefix("toolbox: dday: no target: name a folder or a CalDAV URL"))
    let file = try sandbox.folder.write("notes.txt", "hello\n")
    for target in [file, sandbox.folder.path + "/missing"] {
      let result = try sandbox.toolbox("dday", "sync", target)
      #expect(result.status == 64)
      #expect(
        result.error.hasPrefix(
          "toolbox: dday: cannot sync '\(target)': not a folder (a vdir) or an http(s):// CalDAV URL"
        ), "\(result.error)")
    }
    let url = try sandbox.toolbox("dday", "sync", "http://exa mple/")
    #expect(url.status == 64, "\(url.error)")
    #expect(!FileManager.default.fileExists(atPath: store))
    _ = try sandbox.folder.write("config.json", #"{"tools": {"dday": {"sync": "ddays"}}}"#)
    sandbox.environment["TOOLBOX_CONFIG"] = sandbox.folder.file("config.json")
    let config = try sandbox.toolbox("dday", "sync")
    #expect(config.status == 78)
    #expect(config.error.contains("tools.dday.sync"), "\(config.error)")
  }

  @Test(.enabled(if: hasPeers))
  func aDDayChangedOnBothSidesIsKeptTwiceAndExitsOne() throws {
    let sandbox = try Sandbox()
    try sandbox.ok("dday", "add", "Exam", "2027-02-01")
    try sandbox.ok("dday", "sync", sandbox.vdir)
    let path = try sandbox.file(containing: "SUMMARY:Exam")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "SUMMARY:Exam", with: "SUMMARY:Exam (folder)")
      .write(toFile: path, atomically: true, encoding: .utf8)
    try sandbox.ok("dday", "edit", "1", "Exam (here)")
    let sync = try sandbox.toolbox("dday", "sync", sandbox.vdir)
    #expect(sync.status == 1)
    #expect(sync.error.contains("conflict: D-Day #1 was changed here and in"), "\(sync.error)")
    #expect(sync.output.contains("1 conflict (see above)"))
    #expect(Set(try sandbox.names().values) == ["Exam (here)", "Exam (folder)"])
    let lines = try sandbox.khal("2027-02-01", "2027-02-02")
    #expect(lines.sorted() == ["2027-02-01 Exam (folder)", "2027-02-01 Exam (here)"])
    #expect(try sandbox.ok("dday", "sync", sandbox.vdir).output.contains("already in step"))
  }

  /// Radicale, and Xandikos too (a second server catches what one forgives).
  static let servers: [CalDAVServer.Kind] =
    hasPeers ? [.radicale, .xandikos].filter { CalDAVServer.isAvailable($0) } : []

  @Test(arguments: servers)
  func aCalDAVCalendarChangedAsAPhoneWouldComesBackAndKeepsWhatToolboxHasNoFieldFor(
    kind: CalDAVServer.Kind
  ) throws {
    let server = try CalDAVServer(kind)
    defer { server.stop() }
    let sandbox = try Sandbox()
    sandbox.environment["TOOLBOX_DAV_PASSWORD"] = RadicaleServer.password
    // The phone: python's caldav library against the same calendar.
    let phone = """
      import sys, datetime, caldav, icalendar
      client = caldav.DAVClient(url=sys.argv[1], username='\(RadicaleServer.username)',
                                password='\(RadicaleServer.password)')
      def calendar():
          return caldav.Calendar(client=client, url=sys.argv[2])
      def event(summary):
          for e in calendar().events():
              if str(e.icalendar_component['SUMMARY']) == summary:
                  return e
          raise SystemExit('no ' + summary)
      action = sys.argv[3]
      if action == 'make':
          client.principal().make_calendar(name='ddays', cal_id='ddays')
      elif action == 'list':
          for e in calendar().events():
              c = e.icalendar_component
              print(c['SUMMARY'], '|', c['DTSTART'].dt.isoformat(), '|', c.get('X-PHONE', ''),
                    '|', len(c.walk('VALARM')))
      elif action == 'change':
          cal = calendar()
          cal.save_event(dtstart=datetime.date(2027, 9, 9), dtend=datetime.date(2027, 9, 10),
                         summary='Concert', uid='phone-concert')
          e = event('First date')
          c = e.icalendar_component
          c['SUMMARY'] = 'Our first date'
          c.add('X-PHONE', 'kept')
          alarm = icalendar.Alarm(); alarm.add('ACTION', 'DISPLAY'); alarm.add('DESCRIPTION', 'soon')
          alarm.add('TRIGGER', datetime.timedelta(hours=-9)); c.add_component(alarm)
          e.save()
          event('Exam').delete()
      elif action == 'rename':
          e = event(sys.argv[4])
          e.icalendar_component['SUMMARY'] = sys.argv[5]
          e.save()
      """
    // Xandikos starts with a default calendar.
    let url = server.home + (kind == .radicale ? "ddays/" : "calendar/")
    if kind == .radicale { try sandbox.python(phone, server.baseURL, url, "make") }
    _ = try sandbox.folder.write(
      "config.json",
      """
      {"tools": {"dday": {"username": "\(RadicaleServer.username)", "sync": ["\(url)"]}}}
      """)
    sandbox.environment["TOOLBOX_CONFIG"] = sandbox.folder.file("config.json")
    try sandbox.ok("dday", "add", "First date", "2026-08-25", "--yearly")
    try sandbox.ok("dday", "add", "Exam", "2027-02-01")
    try sandbox.ok("dday", "add", "Mom birthday", "1960-03-15", "--lunar", "--yearly")
    let first = try sandbox.ok("dday", "sync", url)
    #expect(first.output.contains("D-Days 0 added, 0 updated, 0 removed; calendar 3 added"))
    let listed = try sandbox.python(phone, server.baseURL, url, "list")
    #expect(listed.contains("Mom birthday | 1960-04-10"), "\(listed)")
    #expect(listed.contains("First date | 2026-08-25"))

    try sandbox.python(phone, server.baseURL, url, "change")
    // `sync` without a target: the URL of tools.dday.sync.
    let second = try sandbox.ok("dday", "sync")
    #expect(second.output.contains("D-Days 1 added, 1 updated, 1 removed"), "\(second.output)")
    #expect(Set(try sandbox.names().values) == ["Our first date", "Concert", "Mom birthday"])

    let id = try #require(try sandbox.names().first { $0.value == "Our first date" }?.key)
    try sandbox.ok("dday", "edit", String(id), "Our first date ♥")
    let third = try sandbox.ok("dday", "sync", url)
    #expect(third.output.contains("calendar 0 added, 1 updated, 0 removed"), "\(third.output)")
    let after = try sandbox.python(phone, server.baseURL, url, "list")
    #expect(after.contains("Our first date ♥ | 2026-08-25 | kept | 1"), "\(after)")
    #expect(after.contains("Concert | 2027-09-09"))
    #expect(!after.contains("Exam"))
    #expect(try sandbox.ok("dday", "sync").output.contains("already in step"))

    // Changed on the phone and here: both kept on both sides, exit 1.
    try sandbox.python(phone, server.baseURL, url, "rename", "Concert", "Concert (phone)")
    let concert = try #require(try sandbox.names().first { $0.value == "Concert" }?.key)
    try sandbox.ok("dday", "edit", String(concert), "Concert (here)")
    let conflict = try sandbox.toolbox("dday", "sync", url)
    #expect(conflict.status == 1)
    #expect(conflict.error.contains("conflict: D-Day #\(concert) was changed here and in"))
    #expect(conflict.error.contains("the calendar's version is D-Day #"), "\(conflict.error)")
    let both = try sandbox.python(phone, server.baseURL, url, "list")
    #expect(
      both.contains("Concert (phone) | 2027-09-09") && both.contains("Concert (here) | 2027-09-09"))
    #expect(Set(try sandbox.names().values).isSuperset(of: ["Concert (phone)", "Concert (here)"]))
    #expect(try sandbox.ok("dday", "sync").output.contains("already in step"))
  }
}
