import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxNumber

/// `convert` is a change of notation: every digit of the input is kept unless `--fraction` or `--rounding`
/// asks for rounding; `format` keeps CLDR's pattern defaults. The default rounding mode can come from config.
@Suite struct NumberConvertTests {
  let runner = ToolboxRunner(tools: [NumberTool.self])

  func convert(_ text: String, _ options: String...) -> String {
    let result = runner.run(["number", "convert", text] + options)
    return result.status == 0 ? result.output : "exit \(result.status): \(result.error)"
  }

  @Test func `convert keeps every digit by default`() {
    #expect(convert("3,14159265", "--from", "de_DE", "--to", "en_US") == "3.14159265\n")
    #expect(convert("0,0001", "--from", "de_DE", "--to", "en_US") == "0.0001\n")
    #expect(
      convert("-1.234.567,000000000000000001", "--from", "de_DE", "--to", "hi_IN")
        == "-12,34,567.000000000000000001\n")
    #expect(convert("1,5", "--from", "de_DE", "--to", "ar_EG") == "١٫٥\n")
  }

  @Test func `every style keeps the digits in convert`() {
    #expect(
      convert("1.234,5678", "--from", "de_DE", "--to", "en_US", "--currency", "EUR")
        == "€1,234.5678\n")
    // The currency's minimum fraction digits still pad (EUR: 2).
    #expect(
      convert("1.234,5", "--from", "de_DE", "--to", "en_US", "--currency", "EUR") == "€1,234.50\n")
    #expect(
      convert("0,256", "--from", "de_DE", "--to", "fr_FR", "--style", "percent")
        == "25,6\u{00A0}%\n")
    #expect(
      convert("1.234.567", "--from", "de_DE", "--to", "en_US", "--style", "compact")
        == "1.234567M\n")
    #expect(
      convert("123456789,123456", "--from", "de_DE", "--to", "ko_KR", "--style", "myriad")
        == "1억 2345만 6789.123456\n")
  }

  @Test func `--fraction or --rounding ask for rounding`() {
    #expect(
      convert("3,14159265", "--from", "de_DE", "--to", "en_US", "--fraction", "3") == "3.142\n")
    #expect(
      convert("3,14159265", "--from", "de_DE", "--to", "en_US", "--fraction", "0-2") == "3.14\n")
    // --rounding alone rounds to the style's default digits (decimal: up to 3) in that mode.
    #expect(
      convert("2,3455", "--from", "de_DE", "--to", "en_US", "--rounding", "half-up") == "2.346\n")
    #expect(
      convert(
        "1.234,5678", "--from", "de_DE", "--to", "en_US", "--currency", "EUR", "--rounding",
        "down") == "€1,234.56\n")
  }

  @Test func `format keeps CLDR's pattern defaults`() {
    #expect(
      runner.run(["number", "format", "3.14159265", "--locale", "en_US"]).output == "3.142\n")
    #expect(
      runner.run(["number", "format", "0.256", "--locale", "fr_FR", "--style", "percent"]).output
        == "26\u{00A0}%\n")
  }

  @Test func `config sets the rounding mode, not whether to round`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("config.json", #"{"tools":{"number":{"rounding":"half-up"}}}"#)
    func run(_ arguments: String...) -> String {
      runner.run(["--config", path] + arguments).output
    }
    #expect(run("number", "format", "2.345", "--fraction", "2", "--locale", "en_US") == "2.35\n")
    #expect(run("number", "format", "2.5", "--fraction", "0", "--locale", "en_US") == "3\n")
    // --rounding on the command line wins over config.
    #expect(
      run("number", "format", "2.345", "--fraction", "2", "--rounding", "half-even", "-l", "en_US")
        == "2.34\n")
    #expect(run("number", "convert", "2,345", "--from", "de_DE", "--to", "en_US") == "2.345\n")
    #expect(
      run("number", "convert", "2,345", "--from", "de_DE", "--to", "en_US", "--fraction", "2")
        == "2.35\n")
    let bad = try folder.write("bad.json", #"{"tools":{"number":{"rounding":"nearest"}}}"#)
    let result = runner.run(["--config", bad, "number", "format", "1"])
    #expect(result.status == 78)
    #expect(result.error.contains("'tools.number.rounding' has invalid value 'nearest'"))
  }
}
