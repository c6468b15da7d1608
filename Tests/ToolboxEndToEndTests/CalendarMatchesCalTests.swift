import Foundation
import Testing
import ToolboxBuiltIns
import ToolboxTestSupport

/// `toolbox calendar` against Debian's `cal` itself (package ncal): wherever `cal` has the same view, from
/// 1753 on (Debian's `cal` is Julian before September 1752), the two print the same thing, except that `cal`
/// pads lines with spaces and the last row of months with empty lines, which toolbox leaves out.
///
/// `cal` refuses `-w`, `-M`, `-S` and `-H`; `ncal -b` is the same program with `cal`'s layout and accepts
/// them, so those views are compared with `ncal -b`. Piped, neither highlights today, and neither does
/// toolbox (`ncal -b` does: it gets `-h`). No item exists in the test environment, so no day is marked.
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/cal") || TestTools.areRequired,
    "needs cal and ncal: apt-get install ncal"))
struct CalendarMatchesCalTests {
  /// The binary's dispatcher and tools, run in-process: the thousands of views below cost no toolbox
  /// process each (a debug binary takes about 8 ms to start). The binary itself prints every compared
  /// year, one process per view of a year (`the binary prints each year as cal and ncal do`).
  static let toolbox = ToolboxRunner(tools: builtInTools)

  /// What `cal` (or `ncal`) prints, without trailing spaces and trailing empty lines.
  static func normalized(_ output: some StringProtocol) -> String {
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What `cal` (or `ncal`) prints, without trailing spaces and trailing empty lines.
  static func reference(_ program: String, _ arguments: [String]) throws -> String {
    let outcome = try TestTools.run(program, arguments)
    #expect(outcome.status == 0, "\(program) \(arguments): \(outcome.error)")
    return normalized(outcome.output)
  }

  /// What one `cal` or `ncal` command prints, normalized, and its exit status.
  struct Reference: Sendable {
    let output: String
    let status: Int32
  }

  /// Runs `program` with each of `commandLines` in one shell (one `sh` and a `cal` per line, instead of a
  /// process pair per line started from the test process): after each run the shell prints the marker
  /// `\u{1}` and the exit status, which cal's output never contains.
  static func references(_ program: String, _ commandLines: [[String]]) -> [[String]: Reference] {
    let script = commandLines.map { arguments in
      ([program] + arguments).map { "'\($0)'" }.joined(separator: " ")
        + #"; printf '\001%d\n' "$?""#
    }.joined(separator: "\n")
    guard let outcome = try? TestTools.run("/bin/sh", ["-c", script]) else { return [:] }
    let pieces = outcome.output.split(separator: "\u{1}", omittingEmptySubsequences: false)
    guard pieces.count == commandLines.count + 1 else { return [:] }
    var references: [[String]: Reference] = [:]
    var output = pieces[0]
    for (arguments, piece) in zip(commandLines, pieces.dropFirst()) {
      let status = Int32(piece.prefix { $0 != "\n" }) ?? -1
      references[arguments] = Reference(output: normalized(output), status: status)
      output = piece.drop { $0 != "\n" }.dropFirst()
    }
    return references
  }

  /// Compares toolbox's view with the reference `program` printed for the same words.
  static func compare(
    _ arguments: [String], with reference: Reference?, of program: String,
    binary: Bool = false
  ) throws {
    let reference = try #require(reference, "\(program) \(arguments) did not run")
    #expect(reference.status == 0, "\(program) \(arguments) exited \(reference.status)")
    let ours =
      binary
      ? try Toolbox.run(["calendar"] + arguments).output
      : toolbox.run(["calendar"] + arguments).output
    #expect(
      ours == reference.output,
      "toolbox calendar \(arguments.joined(separator: " ")) differs from \(program)")
  }

  /// Years whose every month is compared; the others are compared in January, February, November and
  /// December (three-month views cross into the years around them).
  static let fullYears: Set = [1754, 2000, 2024, 2026, 9998]

  static func months(_ year: Int) -> [Int] {
    fullYears.contains(year) ? Array(1...12) : [1, 2, 11, 12]
  }

  static let years = [
    1754, 1800, 1899, 1900, 1970, 1999, 2000, 2015, 2020, 2021, 2022, 2023, 2024, 2025, 2026,
    2027, 2038, 2100, 2400, 9998,
  ]

  /// `YYYY-MM`.
  static func yearMonth(_ year: Int, _ month: Int) -> String {
    "\(year)-\(month < 10 ? "0" : "")\(month)"
  }

  /// Views of one month of one year: one month, three months (the year once over them when they start a
  /// quarter), -j (two months a row), -m, months before and after, -d.
  static func calViews(_ year: Int, _ month: Int) -> [[String]] {
    let m = String(month)
    let y = String(year)
    let after = String(month % 4 + 1)
    let before = String(month % 3 + 1)
    return [
      [m, y], ["-3", m, y], ["-j", m, y], ["-3", "-j", m, y], ["-m", m, y], ["-1", m, y],
      ["-A", after, m, y], ["-B", before, "-A", "1", m, y], ["-B", "2", "-j", m, y],
      ["-d", yearMonth(year, month)],
    ]
  }

  /// Views of a whole year.
  static func calViews(_ year: Int) -> [[String]] {
    let y = String(year)
    return [
      ["-y", y], [y], ["-y", "-j", y], ["-y", "-A", "2", y], ["-y", "-B", "1", y],
      ["-3", "-d", yearMonth(year, 2)], ["-y", "-d", yearMonth(year, 7)],
    ]
  }

  static let calCases: [[String]] = {
    var cases: [[String]] = []
    for year in years {
      for month in months(year) { cases += calViews(year, month) }
      cases += calViews(year)
    }
    cases += [
      ["12", "9999"], ["-y", "9999"], ["-y", "1753"], ["1", "1753"], ["-A", "3", "9", "1753"],
      ["-3", "11", "9999"], ["-A", "-1", "-B", "1", "3", "2022"],
      ["-A", "24", "1", "2022"], ["-j", "-A", "11", "2", "2024"], ["-m", "feb", "2024"],
      ["-m", "December", "2030"],
    ]
    return cases
  }()

  /// What `cal` prints for each of ``calCases``, from one shell.
  static let calReferences = references("/usr/bin/cal", calCases)

  @Test(arguments: calCases)
  func `toolbox calendar prints what cal prints`(arguments: [String]) throws {
    try Self.compare(arguments, with: Self.calReferences[arguments], of: "cal")
  }

  /// Week numbers, week starts and -H, compared with `ncal -b` (cal's layout; `cal` refuses these flags).
  static let ncalCases: [[String]] = {
    var cases: [[String]] = []
    for year in years {
      let y = String(year)
      for month in months(year) {
        let m = String(month)
        cases += [
          ["-w", "-M", m, y], ["-w", "-S", m, y], ["-M", m, y], ["-S", "-3", m, y],
          ["-w", "-M", "-3", m, y], ["-H", yearMonth(year, month) + "-15", m, y],
        ]
      }
      cases += [["-w", "-M", "-y", y], ["-w", "-S", "-y", y], ["-M", "-y", y]]
    }
    return cases
  }()

  /// What `ncal -b -h` prints for each of ``ncalCases``, from one shell (`-h`: ncal, unlike cal,
  /// highlights today even on a pipe, with backspaces; toolbox highlights only on a terminal, tested in the
  /// unit tests).
  static let ncalReferences = references("/usr/bin/ncal", ncalCases.map { ["-b", "-h"] + $0 })

  @Test(arguments: ncalCases)
  func `week numbers and week starts as ncal -b prints them`(arguments: [String]) throws {
    try Self.compare(
      arguments, with: Self.ncalReferences[["-b", "-h"] + arguments], of: "ncal -b")
  }

  /// The built binary, one process per view of a year: the year as `cal -y` prints it, and with week
  /// numbers from Monday as `ncal -b` does.
  @Test(arguments: years + [1753, 9999])
  func `the binary prints each year as cal and ncal do`(year: Int) throws {
    let y = String(year)
    try Self.compare(["-y", y], with: Self.calReferences[["-y", y]], of: "cal", binary: true)
    if year >= 1754, year <= 9998 {
      try Self.compare(
        ["-w", "-M", "-y", y], with: Self.ncalReferences[["-b", "-h", "-w", "-M", "-y", y]],
        of: "ncal -b", binary: true)
    }
  }

  @Test func `toolbox is proleptic Gregorian where cal switches to Julian`() throws {
    // September 1752 is Debian cal's Julian-to-Gregorian switch (2 → 14); toolbox is proleptic.
    let ours = try Toolbox.run(["calendar", "9", "1752"])
    #expect(ours.output != (try Self.reference("/usr/bin/cal", ["9", "1752"])))
    #expect(ours.output.contains(" 3  4  5  6  7  8  9\n"))
  }
}
