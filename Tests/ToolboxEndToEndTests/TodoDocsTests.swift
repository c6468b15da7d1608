import Foundation
import Testing
import ToolboxTestSupport

/// Every transcript in docs/todo.md prints exactly what the page shows.
///
/// The page tells one story: its `console` blocks run in order in one temporary folder, which is also the
/// home folder (so the store is `~/.local/share/toolbox/todo.sqlite3` and relative paths such as
/// `todo.txt` land there), with today 2026-12-02 (`TOOLBOX_TODAY`). Each `$ ` line runs in `/bin/sh` —
/// so the page may show the other side of a sync as `printf … >> todo.txt` or `sed -i …`, and `cat` a
/// file — with `toolbox` the built binary; the lines up to the next `$ ` or the end of the block are its
/// standard output and error together (carriage returns left out, as iCalendar's CRLF). `history`
/// prints the wall-clock time of each change, which no test can fix: its `YYYY-MM-DDTHH:MM:SSZ` times are
/// compared as that shape only.
@Suite struct TodoDocsTests {
  static let transcripts = DocPage(path: "docs/todo.md").transcripts.filter { $0.info == "console" }

  /// Times of the change log, which come from the wall clock.
  static func maskingTimes(_ text: String) -> String {
    text.replacingOccurrences(
      of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"#, with: "YYYY-MM-DDTHH:MM:SSZ",
      options: .regularExpression)
  }

  @Test func `the page has transcripts, and they run toolbox`() {
    #expect(Self.transcripts.count >= 40)
    #expect(Self.transcripts.filter { $0.command.contains("toolbox ") }.count >= 35)
    for section in ["todo sync", "--as ics", "import tasks.ics"] {
      #expect(Self.transcripts.contains { $0.command.contains(section) }, "\(section)")
    }
  }

  @Test func `every transcript prints what the page shows, in order`() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let bin = home.file(".bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: bin + "/toolbox", withDestinationPath: Toolbox.binary)
    var environment = Toolbox.cleanEnvironment(home: home.path)
    environment["PATH"] = bin + ":/usr/bin:/bin"
    environment["LC_ALL"] = "C.UTF-8"
    for transcript in Self.transcripts {
      let result = try Toolbox.run(
        ["-c", transcript.command + " 2>&1"], environment: environment, executable: "/bin/sh",
        directory: home.path)
      let output = String(
        String.UnicodeScalarView(result.output.unicodeScalars.filter { $0 != "\r" }))
      #expect(
        Self.maskingTimes(output) == Self.maskingTimes(transcript.output),
        "$ \(transcript.command)")
    }
  }
}
