import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxNumber

/// `--field`, `--delimiter` and `--header`: numbers in columns, the rest of each line byte for byte.
@Suite struct NumberColumnsTests {
  let runner = ToolboxRunner(tools: [NumberTool.self])

  @Test func `one column of a TSV, header passed through`() {
    let input = "name\tamount\tnote\nalpha\t1234567.891\tx  y\nbeta\t-0.5\t\n"
    let result = runner.run(
      [
        "number", "format", "--locale", "de_DE", "--field", "2", "--delimiter", "\t", "--header",
        "1",
      ],
      input: input)
    #expect(result.output == "name\tamount\tnote\nalpha\t1.234.567,891\tx  y\nbeta\t-0,5\t\n")
    #expect(result.error == "")
    #expect(result.status == 0)
  }

  @Test func `without a delimiter, fields are runs of blanks and the blanks stay`() {
    let result = runner.run(
      ["number", "format", "--field", "2,3", "-l", "hi_IN"], input: "  a   1234567  5678\tz \n")
    #expect(result.output == "  a   12,34,567  5,678\tz \n")
    let open = runner.run(
      ["number", "format", "--field", "2-", "-l", "en_US"], input: "x 1000 2000\n")
    #expect(open.output == "x 1,000 2,000\n")
    let upTo = runner.run(
      ["number", "format", "--field", "-2", "-l", "en_US"], input: "1000 2000 x\n")
    #expect(upTo.output == "1,000 2,000 x\n")
  }

  @Test func `blanks around a number inside a delimited field stay around its new text`() {
    let result = runner.run(
      ["number", "format", "--field", "2", "-d", ",", "-l", "en_US"], input: "a, 1234.5 ,b\n")
    #expect(result.output == "a, 1,234.5 ,b\n")
  }

  @Test func `a bad field fails its line like any stream line`() {
    let result = runner.run(
      ["number", "format", "--field", "2", "-l", "en_US"], input: "a 1000\nb x\nc\nd 2000\n")
    #expect(result.output == "a 1,000\n\n\nd 2,000\n")
    #expect(
      result.error == """
        toolbox: number: line 2: field 2: invalid character 'x' in 'x': expected plain notation such as -1234.5 or 1e6 (use 'toolbox number convert --from L' for localized text)
        toolbox: number: line 3: 'c' has 1 field, no field 2

        """)
    #expect(result.status == 1)
    let json = runner.run(
      ["--json", "number", "format", "--field", "2", "--header", "1", "-l", "de_DE"],
      input: "n v\na 1000\nc\n")
    #expect(
      json.output == """
        {"header":true,"input":"n v","locale":"de_DE","text":"n v"}
        {"input":"a 1000","locale":"de_DE","text":"a 1.000"}
        {"error":{"code":"missing_field","message":"'c' has 1 field, no field 2","tool":"number"},"input":"c","line":3}

        """)
  }

  @Test func `convert and parse rewrite fields too`() {
    let convert = runner.run(
      ["number", "convert", "--from", "de_DE", "--to", "en_US", "--field", "2", "-d", ";"],
      input: "x;1.234,5;y\n")
    #expect(convert.output == "x;1,234.5;y\n")
    let json = runner.run(
      ["--json", "number", "convert", "-f", "de_DE", "-t", "hi_IN", "--field", "1"],
      input: "1.234.567 z\n")
    #expect(
      json.output
        == #"{"from":"de_DE","input":"1.234.567 z","text":"12,34,567 z","to":"hi_IN"}"# + "\n")
    let parse = runner.run(
      ["number", "parse", "--locale", "fr_FR", "--field", "2", "-d", ";"], input: "a;1 234,5;b\n")
    #expect(parse.output == "a;1234.5;b\n")
  }

  @Test func `--header alone passes the title of a column through`() {
    let result = runner.run(
      ["number", "format", "--header", "1", "-l", "de_DE"], input: "total\n1234\n5678\n")
    #expect(result.output == "total\n1.234\n5.678\n")
  }

  @Test(arguments: [
    (["--delimiter", ","], "--delimiter needs --field"),
    (["--field", "2", "--delimiter", "ab"], "--delimiter needs one character"),
    (["--field", "2", "--delimiter", ""], "--delimiter needs one character"),
    (["--field", "0"], "invalid value '0' for --field"),
    (["--field", "2-1"], "invalid value '2-1' for --field"),
    (["--field", "x"], "invalid value 'x' for --field"),
    (["--header", "-1"], "--header needs a line count of 0 or more"),
  ])
  func `bad column options are usage errors`(options: [String], message: String) {
    let result = runner.run(["number", "format"] + options, input: "1\n")
    #expect(result.status == 64)
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test func `convert with columns writes one locale`() {
    let result = runner.run(
      ["number", "convert", "--from", "en_US", "--to", "de_DE,fr_FR", "--field", "1"], input: "1\n")
    #expect(result.status == 64)
    #expect(result.error.contains("--field writes one locale"))
  }

  @Test(arguments: [
    ("2", [2...2], 2), ("1,3", [1...1, 3...3], 3), ("2-4", [2...4], 4), ("-3", [1...3], 3),
    ("3-", [3...FieldSelection.limit], 0), ("1,4-", [1...1, 4...FieldSelection.limit], 1),
  ])
  func `field selections read like cut's`(text: String, ranges: [ClosedRange<Int>], required: Int)
    throws
  {
    let selection = try #require(FieldSelection(argument: text))
    #expect(selection.ranges == ranges)
    #expect(selection.required == required)
  }

  @Test(arguments: ["", "0", "-", "1-0", "a", "1,,2", "3-2", "10001", "1.5", "+1"])
  func `bad field selections are refused`(text: String) {
    #expect(FieldSelection(argument: text) == nil)
  }
}
