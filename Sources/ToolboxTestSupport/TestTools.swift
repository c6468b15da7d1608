import Foundation

/// Programs that some tests check toolbox's output with, independent implementations of a format: a Python
/// with the PyPI `icalendar` package, Debian's `calcurse`. `.ci/run` installs them and sets
/// `TOOLBOX_REQUIRE_TEST_TOOLS=1`, so CI fails when one is missing; on a developer's machine without them,
/// those tests are skipped with a message that says how to get them.
public enum TestTools {
  /// Whether a missing tool is a failure (`TOOLBOX_REQUIRE_TEST_TOOLS=1`, set by `.ci/run`).
  public static let areRequired =
    ProcessInfo.processInfo.environment["TOOLBOX_REQUIRE_TEST_TOOLS"] == "1"

  /// The package's root folder (this file is `Sources/ToolboxTestSupport/TestTools.swift`).
  public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// How to get the test tools, for skip and failure messages.
  public static let setUpHint =
    "run .ci/run, or: apt-get install calcurse python3-dateutil; python3 -m venv .build/test-venv && "
    + ".build/test-venv/bin/pip install icalendar radicale xandikos caldav todoman khal vdirsyncer"

  /// A Python that can import `icalendar`: `$TOOLBOX_TEST_ICALENDAR_PYTHON`, else the package's
  /// `.build/test-venv/bin/python3` (which `.ci/run` creates); `nil` when neither can.
  public static let icalendarPython: String? = {
    let candidates = [
      ProcessInfo.processInfo.environment["TOOLBOX_TEST_ICALENDAR_PYTHON"],
      packageRoot + "/.build/test-venv/bin/python3",
    ].compactMap { $0 }
    return candidates.first { path in
      FileManager.default.isExecutableFile(atPath: path)
        && (try? run(path, ["-c", "import icalendar"]).status) == 0
    }
  }()

  /// A Python that can import `dateutil` (Debian's python3-dateutil, which `.ci/run` installs):
  /// `$TOOLBOX_TEST_DATEUTIL_PYTHON`, else `/usr/bin/python3`, else the test venv's; `nil` when none can.
  public static let dateutilPython: String? = {
    let candidates = [
      ProcessInfo.processInfo.environment["TOOLBOX_TEST_DATEUTIL_PYTHON"], "/usr/bin/python3",
      packageRoot + "/.build/test-venv/bin/python3",
    ].compactMap { $0 }
    return candidates.first { path in
      FileManager.default.isExecutableFile(atPath: path)
        && (try? run(path, ["-c", "import dateutil.relativedelta"]).status) == 0
    }
  }()

  /// Debian's `calcurse`, a terminal calendar that imports iCalendar files, if installed.
  public static let calcurse: String? = ["/usr/bin/calcurse", "/usr/local/bin/calcurse"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// One component as the PyPI `icalendar` package reads it (``parseWithPythonICalendar(_:)``).
  public struct ParsedComponent: Sendable, Decodable, Equatable {
    /// The component's name (`VEVENT`).
    public let name: String
    /// The problems `icalendar` found in it (its `errors`; empty for a valid component).
    public let errors: [String]
    /// Each property's values, decoded by `icalendar`: TEXT unescaped, dates and date-times in ISO 8601
    /// (`2026-01-01`, `2026-12-02T00:00:00+00:00`), a list value (`CATEGORIES`) as its items, anything
    /// else as `icalendar` writes it; one inner list per occurrence of the property.
    public let properties: [String: [[String]]]

    /// The first value of a property's first occurrence.
    public subscript(name: String) -> String? { properties[name]?.first?.first }
  }

  /// Parses an iCalendar file with the PyPI `icalendar` package, an independent implementation of RFC 5545.
  ///
  /// - Parameter path: The file.
  /// - Returns: Every component in document order (`walk()`), the `VCALENDAR` first.
  /// - Throws: When there is no such Python (see ``icalendarPython``) or it cannot parse the file at all.
  public static func parseWithPythonICalendar(_ path: String) throws -> [ParsedComponent] {
    guard let python = icalendarPython else { throw Missing(tool: "a Python with icalendar") }
    let outcome = try run(python, ["-c", icalendarDumpScript, path])
    guard outcome.status == 0 else { throw Failed(tool: "icalendar", message: outcome.error) }
    return try JSONDecoder().decode([ParsedComponent].self, from: Data(outcome.output.utf8))
  }

  private static let icalendarDumpScript = """
    import icalendar, json, sys
    def values(v):
        if hasattr(v, 'dt'): return [v.dt.isoformat()]
        if hasattr(v, 'cats'): return [str(c) for c in v.cats]
        if isinstance(v, icalendar.prop.vRecur): return [v.to_ical().decode()]
        return [str(v)]
    calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
    out = []
    for c in calendar.walk():
        properties = {}
        for k, v in c.property_items(recursive=False):
            if k in ('BEGIN', 'END'): continue
            for item in (v if isinstance(v, list) else [v]):
                properties.setdefault(k, []).append(values(item))
        out.append({'name': c.name, 'errors': [str(e) for e in c.errors], 'properties': properties})
    print(json.dumps(out, ensure_ascii=False))
    """

  /// A test tool that is not installed.
  public struct Missing: Error, CustomStringConvertible {
    /// What is missing.
    public let tool: String
    public var description: String { "\(tool) is not installed: \(TestTools.setUpHint)" }
  }

  /// A test tool that failed.
  public struct Failed: Error, CustomStringConvertible {
    /// Which tool.
    public let tool: String
    /// What it said.
    public let message: String
    public var description: String { "\(tool) failed: \(message)" }
  }

  /// What a program wrote and returned.
  public struct Outcome: Sendable {
    /// Standard output.
    public let output: String
    /// Standard error.
    public let error: String
    /// The exit status.
    public let status: Int32
  }

  /// Runs a program to completion, with nothing on standard input (give it files to read).
  ///
  /// - Parameters:
  ///   - executable: Its path.
  ///   - arguments: Its arguments.
  ///   - environment: The environment (a minimal one with a UTF-8 locale by default).
  /// - Returns: What it wrote and its status.
  /// - Throws: When it cannot be started.
  public static func run(
    _ executable: String, _ arguments: [String],
    environment: [String: String] = [
      "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "HOME": "/nonexistent",
    ]
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let (stdout, stderr) = (Pipe(), Pipe())
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    group.enter()
    DispatchQueue.global().async {
      errorData = stderr.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Outcome(
      output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self), status: process.terminationStatus)
  }
}
