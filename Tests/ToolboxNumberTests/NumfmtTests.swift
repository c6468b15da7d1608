import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxNumber

/// `number format`'s numfmt options (`--to`, `--from`, `--round`, `--format`, `--padding`, `--suffix`,
/// `--grouping`) against the real GNU `numfmt` on the same inputs: the same text for every value numfmt
/// writes exactly, and an error for every input numfmt refuses.
@Suite struct NumfmtTests {
  let runner = ToolboxRunner(tools: [NumberTool.self])

  static let numfmt = ["/usr/bin/numfmt", "/bin/numfmt"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// numfmt's lines for the inputs, in the C locale.
  func numfmtLines(_ options: [String], _ inputs: [String], environment: [String: String]? = nil)
    throws -> [String]
  {
    let numfmt = try #require(Self.numfmt, "numfmt (GNU coreutils) is not installed")
    let outcome = try TestTools.run(
      numfmt, options + ["--"] + inputs,
      environment: environment ?? ["PATH": "/usr/bin:/bin", "LC_ALL": "C", "HOME": "/nonexistent"])
    #expect(outcome.status == 0, "numfmt \(options) \(inputs): \(outcome.error)")
    return outcome.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }

  /// toolbox's lines for the inputs, read from standard input (the stream mode).
  func toolboxLines(_ options: [String], _ inputs: [String], locale: String = "en_US") -> [String] {
    let result = runner.run(
      ["number", "format", "--locale", locale] + options,
      input: inputs.joined(separator: "\n") + "\n")
    #expect(result.status == 0, "toolbox \(options): \(result.error)")
    return result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }

  /// Values for `--to`: numfmt's rounding, the one-digit rule, the carry into the next unit, negative
  /// values, zero, and values up to the yottas.
  static let scalingInputs = [
    "0", "-0", "1", "999", "1000", "1001", "1023", "1024", "1025", "1500", "15000", "150000",
    "1500000", "9999", "9950", "99950", "999499", "999500", "999999", "1000000", "1048575",
    "1048576", "-1500000", "-1001", "-999", "0.5", "-0.4", "-0.04", "0.04", "1.5", "2.5", "8.5",
    "9.5", "9.94", "9.95", "999.4", "999.5", "1023.4", "1023.5", "123456789", "12345678901",
    "4398046511104", "1125899906842624", "1152921504606846976", "12345678901234567890",
    "999999999999999999999999", "123456789012345678901234567", "-123456789012345678901234",
  ]

  @Test(arguments: [
    ["--to=si"], ["--to=iec"], ["--to=iec-i"], ["--to=si", "--round=up"],
    ["--to=si", "--round=down"], ["--to=iec", "--round=towards-zero"],
    ["--to=si", "--round=nearest"], ["--to=iec-i", "--round=from-zero"],
    ["--to=si", "--format=%.3f"], ["--to=si", "--format=%.5f"], ["--to=iec", "--format=%.0f"],
    ["--to=si", "--format=%.2f"], ["--to=si", "--suffix=B"], ["--to=iec-i", "--suffix= B/s"],
    ["--to=si", "--padding=8"], ["--to=si", "--padding=-8"], ["--to=si", "--format=%010f"],
    ["--to=si", "--format=%8.1fx"], ["--to=si", "--format=<%-7f>"],
  ])
  func `--to writes what numfmt writes`(options: [String]) throws {
    let inputs = Self.scalingInputs.filter { input in
      !Self.longDouble.contains { $0.options == options && $0.input == input }
    }
    #expect(toolboxLines(options, inputs) == (try numfmtLines(options, inputs)))
  }

  /// Where numfmt's `long double` is not exact and toolbox is: 10²⁴ − 1 is stored as 10²⁴, and 1023/1000
  /// × 1000 lands above 1023, so rounding away from zero adds a unit.
  static let longDouble: [(options: [String], input: String, exact: String, numfmt: String)] = [
    (["--to=si", "--round=down"], "999999999999999999999999", "999Z", "1.0Y"),
    (["--to=si", "--format=%.3f"], "1023", "1.023K", "1.024K"),
    (["--to=si", "--format=%.5f"], "1023", "1.02300K", "1.02400K"),
  ]

  @Test(arguments: [
    (["--from=si"], ["1K", "1.5K", "1.23456K", "1.5", "12", "-2M", "3G", "1.5T", "7P", "0.5E"]),
    (["--from=iec"], ["1K", "1.5K", "1023K", "2M", "-1.25G", "1T", "0.001K", "1.5"]),
    (["--from=iec-i"], ["1Ki", "1.5Ki", "2Mi", "-3Gi", "1Ti", "0.5Ki"]),
    (["--from=auto"], ["1K", "1Ki", "1.5M", "1.5Mi", "-2Gi", "3", "0.25Ki"]),
    (["--from=auto", "--to=iec-i"], ["3G", "1K", "1Mi", "1536", "1.5Ti", "999999Ki"]),
    (["--from=si", "--to=si"], ["999Y", "1.5K", "999.9K", "1000K", "-42M"]),
    (["--from=iec", "--to=si"], ["1M", "1.5G", "1000K"]),
    (["--from=si", "--format=%.2f"], ["1.5K", "2.25M", "1"]),
    (["--from=si", "--round=nearest"], ["1.2345K", "1.2344K", "-1.2345K"]),
  ])
  func `--from reads what numfmt reads`(options: [String], inputs: [String]) throws {
    #expect(toolboxLines(options, inputs) == (try numfmtLines(options, inputs)))
  }

  @Test(arguments: [
    ["--format=%f"], ["--format=%10.2f"], ["--format=%-10.2fx"], ["--format=%010.2f"],
    ["--format=%.0f"], ["--format=%.f"], ["--format=%5.f"], ["--format=a%fc"],
    ["--format=%.3f", "--round=down"], ["--format=%.1f", "--round=towards-zero"],
    ["--format=%.1f", "--round=nearest"], ["--format=%.2f", "--round=up"],
    ["--format=%f", "--padding=10"], ["--format=%f", "--padding=-10", "--suffix=B"],
    ["--round=nearest"], ["--format=%08.1f"], ["--format=%f", "--padding=-10", "--suffix=B"],
  ])
  func `--format, --padding and --round write what numfmt writes`(options: [String]) throws {
    let inputs = [
      "0", "1", "-1", "1.5", "2.5", "-2.5", "1.005", "3.14159", "-3.14159", "1.50", "1234567.891",
      "-1234.5", "0.125", "-0.004", "1.55", "-1.55", "1.25", "999999999999.99", "1234567890123456",
    ]
    #expect(toolboxLines(options, inputs) == (try numfmtLines(options, inputs)))
  }

  /// numfmt's `'` and `--grouping` group as the locale does: compared in en_US.UTF-8, compiled with
  /// `localedef` into the test's own folder when the system has no such locale.
  @Test func `grouping writes what numfmt writes in en_US`() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "toolbox-numfmt-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let localedef = try TestTools.run(
      "/usr/bin/localedef", ["-i", "en_US", "-f", "UTF-8", folder.path + "/en_US.UTF-8"])
    try #require(
      localedef.status == 0 || FileManager.default.fileExists(atPath: folder.path + "/en_US.UTF-8"),
      "localedef cannot build en_US.UTF-8: \(localedef.error)")
    let environment = [
      "PATH": "/usr/bin:/bin", "LOCPATH": folder.path, "LC_ALL": "en_US.UTF-8",
      "HOME": "/nonexistent",
    ]
    let inputs = [
      "0", "1", "-1", "999", "1000", "-1000", "1234", "1234567.891", "-1234567.891", "0.5",
      "12345678901234.5", "100000", "-999999.994",
    ]
    for options in [
      ["--grouping"], ["--format=%'f"], ["--format=%'12.2f"], ["--format=%'-14.1f|"],
      ["--format=%'012.2f"], ["--grouping", "--padding=16"], ["--from=si", "--grouping"],
    ] {
      #expect(
        toolboxLines(options, inputs)
          == (try numfmtLines(options, inputs, environment: environment)), "\(options)")
    }
    // Without numfmt's options the style groups by default; --padding and --suffix lay it out.
    #expect(
      toolboxLines(["--padding=14"], inputs.filter { !$0.contains(".") })
        == (try numfmtLines(
          ["--grouping", "--padding=14"], inputs.filter { !$0.contains(".") },
          environment: environment)))
  }

  @Test(arguments: [
    ([String](), ["", "abc", "12abc", "1.2.3", "+5", "1,000", "1K", "0x10"]),
    (["--from=si"], ["1Ki", "1k", "1.5k", "K", "1KB", "1e3", "1.5e3", "1E3"]),
    (["--from=iec-i"], ["1K", "1Mx", "1iK"]),
    (["--from=auto"], ["1i", "1Kii"]),
    (["--to=si"], ["abc", "1e", "1K"]),
  ])
  func `input numfmt refuses is an error`(options: [String], inputs: [String]) throws {
    let numfmt = try #require(Self.numfmt)
    for input in inputs {
      let theirs = try TestTools.run(numfmt, options + ["--format=%f", "--", input])
      #expect(theirs.status != 0, "numfmt \(options) accepts '\(input)'")
      let ours = runner.run(["number", "format", "--format=%f"] + options + ["--", input])
      #expect(ours.status == 65, "\(options) '\(input)': \(ours.output)")
      #expect(ours.output == "")
      #expect(ours.error.split(separator: "\n").count == 1, "\(ours.error)")
    }
    let suffix = runner.run(["number", "format", "--from=si", "--", "1Ki"])
    #expect(suffix.error == "toolbox: number: invalid suffix in '1Ki': 'i' after the unit\n")
    let noFrom = runner.run(["number", "format", "--to=si", "1K"])
    #expect(
      noFrom.error
        == "toolbox: number: invalid suffix in '1K': a unit needs --from (si, iec, iec-i or auto)\n"
    )
  }

  @Test func `bad option values are usage errors, 64, one line`() {
    let cases: [[String]] = [
      ["--to", "xx"], ["--to", "auto"], ["--from", "kilo"], ["--round", "half-even"],
      ["--padding", "0"], ["--padding", "abc"], ["--padding", "100000"], ["--format", "%d"],
      ["--format", "%"], ["--format", "%f%f"], ["--format", "%.-1f"], ["--format", "no directive"],
      ["--format", "%5"], ["--format", "json"], ["--to", "si", "--grouping"],
      ["--to", "si", "--format", "%'f"], ["--to", "si", "--style", "percent"],
      ["--to", "si", "--fraction", "2"], ["--format", "%f", "--rounding", "up"],
      ["--to", "si", "--currency", "USD"], ["--grouping", "--no-grouping"],
    ]
    for options in cases {
      let result = runner.run(["number", "format", "1"] + options)
      #expect(result.status == 64, "\(options): \(result.output)")
      #expect(result.output == "")
      #expect(result.error.hasPrefix("toolbox: number: "), "\(options): \(result.error)")
      #expect(result.error.split(separator: "\n").first.map { !$0.isEmpty } == true, "\(options)")
    }
    #expect(
      runner.run(["number", "format", "1", "--format", "%d"]).error.hasPrefix(
        "toolbox: number: invalid format '%d', directive must be %[0]['][-][N][.][N]f"))
  }

  @Test func `other locales write their own separators and digits`() {
    #expect(toolboxLines(["--to=si"], ["1500000", "-1234"], locale: "de_DE") == ["1,5M", "-1,3K"])
    #expect(
      toolboxLines(["--format=%'.2f"], ["1234567.891"], locale: "hi_IN") == ["12,34,567.90"])
    #expect(toolboxLines(["--to=iec-i"], ["1536"], locale: "ar_EG") == ["١٫٥Ki"])
    #expect(
      toolboxLines(["--format=%'012.1f"], ["-1234.5"], locale: "de_DE") == ["-00001.234,5"])
    #expect(toolboxLines(["--padding=8", "--suffix=원"], ["1234"], locale: "ko_KR") == [" 1,234원"])
  }

  @Test func `exact where numfmt's long double is not`() throws {
    for difference in Self.longDouble {
      #expect(toolboxLines(difference.options, [difference.input]) == [difference.exact])
      #expect(try numfmtLines(difference.options, [difference.input]) == [difference.numfmt])
    }
    // printf's %% is %; numfmt 9.1 writes %% and drops the prefix's last character.
    #expect(toolboxLines(["--format=a%%b%fc%%"], ["5"]) == ["a%b5c%"])
    // numfmt 9.1 refuses a number without a unit with --from iec-i; toolbox reads it as it is.
    #expect(toolboxLines(["--from=iec-i"], ["7", "1.50"]) == ["7", "1.50"])
    // numfmt refuses more than 18 digits without --to; toolbox writes every digit, exactly.
    #expect(
      toolboxLines(["--format=%f"], ["123456789012345678901234567.5"])
        == ["123456789012345678901234567.5"])
    #expect(toolboxLines(["--from=si"], ["1.5Y"]) == ["1500000000000000000000000"])
    #expect(toolboxLines(["--to=si"], ["1500000000000000000000000000000"]) == ["1.5Q"])
    let beyond = runner.run(["number", "format", "--to=si", "1e34"])
    #expect(beyond.status == 65)
    #expect(beyond.error.contains("beyond the largest unit"))
  }

  @Test func `JSON, batches and columns take the same options`() {
    let json = runner.run(["--json", "number", "format", "--to=si", "1500000"])
    #expect(
      json.output == #"{"input":"1500000","locale":"en_US","text":"1.5M","value":"1500000"}"# + "\n"
    )
    let batch = runner.run(["number", "format", "--from=iec", "1K", "2x", "3M"])
    #expect(batch.output == "1024\n\n3145728\n")
    #expect(batch.status == 1)
    let columns = runner.run(
      ["number", "format", "--to=si", "--field", "2", "--header", "1", "--padding", "6"],
      input: "name size\na 1500\nb 2000000\n")
    #expect(columns.output == "name size\na   1.5K\nb   2.0M\n")
  }
}
