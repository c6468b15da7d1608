import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxNumber

/// The number tool through the real dispatcher, in-process: parsing, rendering, exit codes, streams.
@Suite struct NumberToolTests {
  let runner = ToolboxRunner(tools: [NumberTool.self])

  func run(_ arguments: String..., input: String = "") -> RunResult {
    runner.run(arguments, input: input)
  }

  // MARK: - format

  @Test func `format one value as text and JSON`() {
    let text = run("number", "format", "12345678901234567890.123", "--locale", "hi_IN")
    #expect(text.output == "1,23,45,67,89,01,23,45,67,890.123\n")
    #expect(text.error == "")
    #expect(text.status == 0)
    let json = run("--json", "number", "format", "1234567.891", "--locale", "ko_KR")
    #expect(
      json.output
        == #"{"input":"1234567.891","locale":"ko_KR","text":"1,234,567.891","value":"1234567.891"}"#
        + "\n")
    #expect(json.status == 0)
  }

  @Test func `JSON has one shape whatever the count: an object a line per value`() {
    for command in [
      ["number", "format", "1234.5", "--locale", "ko_KR"],
      ["number", "parse", "1,234.5", "--locale", "en_US"],
      ["number", "convert", "1,234.5", "--from", "en_US", "--to", "ar_EG"],
    ] {
      let one = runner.run(["--json"] + command)
      let two = runner.run(["--json"] + command.prefix(3) + ["7"] + command.dropFirst(3))
      #expect(one.status == 0)
      #expect(one.output.split(separator: "\n").count == 1)
      #expect(two.output.split(separator: "\n").count == 2)
      #expect(two.output.hasPrefix(one.output))
    }
  }

  @Test func `format options: style, currency, fraction, rounding, grouping`() {
    #expect(
      run(
        "number", "format", "1234567.891", "-l", "ko_KR", "--rounding", "down", "--fraction", "0"
      ).output == "1,234,567\n")
    #expect(
      run("number", "format", "0.256", "-l", "fr_FR", "--style", "percent", "--fraction", "1")
        .output == "25,6\u{00A0}%\n")
    #expect(
      run("number", "format", "1234.5", "-l", "it_CH", "--currency", "chf").output
        == "CHF\u{00A0}1234.50\n")
    #expect(
      run("number", "format", "1234567.891", "-l", "hi_IN", "--no-grouping").output
        == "1234567.891\n")
    #expect(
      run("number", "format", "123456789", "-l", "ko_KR", "-s", "myriad").output
        == "1억 2345만 6789\n")
    #expect(
      run("number", "format", "123456789", "-l", "ja_JP", "-s", "compact").output == "1.2億\n")
    #expect(
      run("number", "format", "-42", "-l", "ko_KR", "-s", "spellout").output == "마이너스 사십이\n")
    #expect(
      run("number", "format", "1e6", "-l", "en_US", "--style", "scientific").output == "1E6\n"
    )
  }

  @Test func `format reads values from standard input and reports bad lines in place`() {
    let result = run(
      "number", "format", "--locale", "ko_KR", input: "1234.5\n12abc\n\n-0.5\n1e999999\n7")
    #expect(result.output == "1,234.5\n\n\n-0.5\n\n7\n")
    #expect(
      result.error == """
        toolbox: number: line 2: invalid character 'a' in '12abc': expected plain notation such as -1234.5 or 1e6 (use 'toolbox number convert --from L' for localized text)
        toolbox: number: line 3: empty input: expected a number
        toolbox: number: line 5: '1e999999' is too large or too small: toolbox writes magnitudes from 1e-1000 to 1e1000

        """)
    #expect(result.status == 1)
  }

  @Test func `format streams NDJSON with error records in order`() {
    let result = run(
      "--json", "number", "format", "-", "--locale", "ar_EG", input: "1234.5\n1.2.3\n-7\n")
    #expect(
      result.output == """
        {"input":"1234.5","locale":"ar_EG","text":"١٬٢٣٤٫٥","value":"1234.5"}
        {"error":{"code":"multiple_decimal_separators","message":"more than one decimal separator in '1.2.3'","tool":"number"},"input":"1.2.3","line":2}
        {"input":"-7","locale":"ar_EG","text":"\u{061C}-٧","value":"-7"}

        """)
    #expect(result.error == "")
    #expect(result.status == 1)
  }

  @Test func `several values are a batch: one line each, failures in place`() {
    let result = run("number", "format", "1", "2.5", "x", "-3", "-l", "de_DE")
    #expect(result.output == "1\n2,5\n\n-3\n")
    #expect(result.error.hasPrefix("toolbox: number: line 3: invalid character 'x' in 'x'"))
    #expect(result.status == 1)
    let clean = run("number", "format", "1000", "2000", "-l", "de_DE")
    #expect(clean.output == "1.000\n2.000\n")
    #expect(clean.error == "")
    #expect(clean.status == 0)
  }

  @Test func `one bad value is a data error`() {
    let result = run("--json", "number", "format", "1234567890123456789012345678901234567890")
    #expect(result.output == "")
    #expect(
      result.error
        == #"{"error":{"code":"too_many_digits","message":"'1234567890123456789012345678901234567890' has 39 significant digits; at most 38 are kept exactly","tool":"number"}}"#
        + "\n")
    #expect(result.status == 65)
  }

  // MARK: - convert

  @Test func `convert to the seed's five locales: a table`() {
    let result = run(
      "number", "convert", "1,234,567.89", "--from", "en_US", "--to", "ko_KR,fr_GP,ne,ar,it_CH")
    #expect(
      result.output == """
        ko_KR  1,234,567.89
        fr_GP  1\u{202F}234\u{202F}567,89
        ne     १२,३४,५६७.८९
        ar     1,234,567.89
        it_CH  1\u{2019}234\u{2019}567.89

        """)
    #expect(result.status == 0)
    let json = run(
      "--json", "number", "convert", "1,234.5", "--from", "en_US", "--to", "ko_KR", "--to", "ar_EG")
    #expect(
      json.output
        == #"{"from":"en_US","input":"1,234.5","results":[{"locale":"ko_KR","text":"1,234.5"},{"locale":"ar_EG","text":"١٬٢٣٤٫٥"}],"value":"1234.5"}"#
        + "\n")
  }

  @Test func `convert to one locale: the CLI contract's example`() {
    let json = run(
      "--json", "number", "convert", "1,234.5", "--from", "en_US", "--to", "ar_EG")
    #expect(
      json.output
        == #"{"from":"en_US","input":"1,234.5","text":"١٬٢٣٤٫٥","to":"ar_EG","value":"1234.5"}"#
        + "\n")
    let text = run("number", "convert", "12,34,567", "-f", "hi_IN", "-t", "de_CH")
    #expect(text.output == "1\u{2019}234\u{2019}567\n")
  }

  @Test func `convert defaults come from config, else en_US and the seed's five locales`()
    throws
  {
    let defaults = run("number", "convert", "1,234.5")
    #expect(
      defaults.output.split(separator: "\n").map { String($0.prefix(5)) } == [
        "ko_KR", "fr_GP", "ne   ", "ar   ", "it_CH",
      ])
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write(
      "config.json", #"{"tools":{"number":{"from":"de_DE","to":["en_US","hi_IN"]}}}"#)
    let configured = run("--config", path, "number", "convert", "1.234.567,5")
    #expect(configured.output == "en_US  1,234,567.5\nhi_IN  12,34,567.5\n")
  }

  @Test func `convert reports the seed's error cases with the contract's codes`() {
    let cases: [(String, String)] = [
      ("1,2,3.4.5", "multiple_decimal_separators"), ("12abc", "invalid_characters"),
      ("1.234,5", "reversed_separators"), ("", "empty_input"), ("1,2,3", "invalid_grouping"),
      ("12३", "invalid_characters"),
    ]
    for (text, code) in cases {
      let result = run(
        "--json", "number", "convert", text, "--from", "en_US", "--to", "ko_KR")
      #expect(result.status == 65, "\(text)")
      #expect(result.error.contains(#""code":"\#(code)""#), "\(text): \(result.error)")
    }
  }

  @Test func `convert streams: tab-separated texts, NDJSON with results`() {
    let text = run(
      "number", "convert", "--from", "en_US", "--to", "ko_KR,de_DE", input: "1,234.5\n1.234,5\n-2\n"
    )
    #expect(text.output == "1,234.5\t1.234,5\n\n-2\t-2\n")
    #expect(
      text.error.hasPrefix("toolbox: number: line 2: decimal and grouping separators reversed"))
    #expect(text.status == 1)
    let json = run(
      "--json", "number", "convert", "--from", "en_US", "--to", "ko_KR,de_DE", input: "1,234.5\n")
    #expect(
      json.output
        == #"{"from":"en_US","input":"1,234.5","results":[{"locale":"ko_KR","text":"1,234.5"},{"locale":"de_DE","text":"1.234,5"}],"value":"1234.5"}"#
        + "\n")
    let single = run(
      "--json", "number", "convert", "-f", "en_US", "-t", "ne", input: "1,234.5\n")
    #expect(
      single.output
        == #"{"from":"en_US","input":"1,234.5","text":"१,२३४.५","to":"ne","value":"1234.5"}"# + "\n"
    )
  }

  // MARK: - parse

  @Test func `parse one text, JSON, and a stream`() {
    #expect(run("number", "parse", "-1.234,5", "--locale", "de_DE").output == "-1234.5\n")
    let json = run("--json", "number", "parse", "١٬٢٣٤٫٥", "--locale", "ar_EG")
    #expect(
      json.output == #"{"input":"١٬٢٣٤٫٥","locale":"ar_EG","value":"1234.5"}"# + "\n")
    let stream = run("number", "parse", "-l", "hi_IN", input: "12,34,567\n1,234,567\n१,२३४\n")
    #expect(stream.output == "1234567\n\n1234\n")
    #expect(
      stream.error
        == "toolbox: number: line 2: grouping separators at the wrong places in '1,234,567' (hi_IN groups like 12,34,567); looks like en_US notation; use --locale en_US\n"
    )
    #expect(stream.status == 1)
  }

  // MARK: - symbols and locales

  @Test func `symbols show invisible characters by code point`() {
    let result = run("number", "symbols", "--locale", "ar_EG")
    #expect(result.status == 0)
    // Every line that names code points names exactly the characters of the symbol before them.
    let described = result.output.split(separator: "\n").filter { $0.contains("  U+") }
    #expect(described.count == 7, "\(result.output)")
    for line in described {
      let value = line.dropFirst(20).prefix { $0 != " " }
      let points = line.split(separator: " ").filter { $0.hasPrefix("U+") }.map(String.init)
      #expect(
        points == value.unicodeScalars.map { "U+" + String(format: "%04X", $0.value) }, "\(line)")
    }
    #expect(result.output.contains("numbering system    arab\n"))
    #expect(result.output.contains("digits              ٠١٢٣٤٥٦٧٨٩\n"))
    #expect(result.output.contains("minus sign          \u{061C}-  U+061C U+002D\n"))
    #expect(result.output.contains("currency            EGP ج.م.\u{200F} (2 fraction digits)\n"))
    let lakh = run("number", "symbols", "--locale", "hi_IN")
    #expect(lakh.output.contains("grouping sizes      3, then 2 (e.g. ##,##,###)\n"))
    let json = run("--json", "number", "symbols", "--locale", "fr_GP")
    #expect(json.output.contains(#""grouping": "\#u{202F}""#))
    #expect(json.output.contains(#""secondaryGroupingSize": 3"#))
    #expect(json.output.contains(#""sample": "-1\#u{202F}234\#u{202F}567,891""#))
  }

  @Test func `locales lists identifiers with samples and versions`() {
    let result = run("number", "locales", "_in")
    #expect(result.status == 0)
    #expect(result.output.contains("hi_IN"))
    #expect(result.output.contains("12,34,567.891"))
    #expect(!result.output.contains("ko_KR"))
    let lines = result.output.split(separator: "\n")
    #expect(lines.last?.contains("(ICU 7") == true)
    let json = run("--json", "number", "locales", "ko")
    #expect(json.output.contains(#""id": "ko_KR""#))
    #expect(json.output.contains(#""cldrVersion""#))
    let none = run("number", "locales", "zzz")
    #expect(none.output.hasPrefix("0 locales (ICU "))
  }

  // MARK: - Locales and errors

  @Test func `the locale comes from --locale, config, LC_ALL/LC_NUMERIC/LANG, else en_US`()
    throws
  {
    let fromEnvironment = ToolboxRunner(
      tools: [NumberTool.self],
      environment: Environment(["HOME": "/nonexistent", "LC_NUMERIC": "hi_IN.UTF-8"]))
    #expect(fromEnvironment.run(["number", "format", "1234567"]).output == "12,34,567\n")
    let posix = ToolboxRunner(
      tools: [NumberTool.self], environment: Environment(["HOME": "/nonexistent", "LANG": "C"]))
    #expect(posix.run(["number", "format", "1234567"]).output == "1,234,567\n")
    let badEnvironment = ToolboxRunner(
      tools: [NumberTool.self],
      environment: Environment(["HOME": "/nonexistent", "LC_ALL": "xx_XX"]))
    #expect(badEnvironment.run(["number", "format", "1234567"]).output == "1,234,567\n")
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("config.json", #"{"locale":"fr_FR"}"#)
    #expect(run("--config", path, "number", "format", "1234.5").output == "1\u{202F}234,5\n")
    #expect(
      run("--config", path, "--locale", "de_DE", "number", "format", "1234.5").output
        == "1.234,5\n")
  }

  @Test func `unknown locales and numbering systems are usage errors, never a crash`() {
    for identifier in [
      "xx", "kr_KO", "ar-u-nu-roman", "ja-u-nu-jpan", "zh-u-nu-hant", "en@numbers=foo",
    ] {
      let result = run("number", "format", "1", "--locale", identifier)
      #expect(result.status == 64, "\(identifier)")
      #expect(result.output == "")
      #expect(result.error.hasPrefix("toolbox: number: "), "\(identifier)")
    }
    let convert = run(
      "--json", "number", "convert", "1", "--from", "en_US", "--to", "ko_KR,xx")
    #expect(convert.status == 64)
    #expect(convert.error.contains(#""code":"unknown_locale""#))
  }

  @Test func `bad config values are config errors naming the key`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let badLocale = try folder.write("bad.json", #"{"tools":{"number":{"to":["ko_KR","xx"]}}}"#)
    let result = run("--config", badLocale, "number", "convert", "1")
    #expect(result.status == 78)
    #expect(result.error.contains("'tools.number.to': unknown locale 'xx'"))
    let typo = try folder.write("typo.json", #"{"tools":{"number":{"form":"en_US"}}}"#)
    let unknown = run("--config", typo, "number", "format", "1")
    #expect(unknown.status == 78)
    #expect(unknown.error.contains("tools.number.form"))
    let empty = try folder.write("empty.json", #"{"tools":{"number":{"to":[]}}}"#)
    #expect(run("--config", empty, "number", "format", "1").status == 78)
  }

  @Test(arguments: [
    (["--fraction", "3-1"], "invalid value '3-1' for --fraction"),
    (["--fraction", "101"], "invalid value '101' for --fraction"),
    (["--currency", "ABC"], "unknown currency 'ABC'"),
    (["--currency", "EUR", "--style", "percent"], "--currency needs --style currency"),
    (
      ["--style", "myriad", "--locale", "en_US"],
      "--style myriad needs a Korean, Japanese or Chinese locale"
    ),
    (["--style", "spellout", "--locale", "bn_BD"], "ICU has no spell-out rules for 'bn_BD'"),
    (["--rounding", "nearest"], "invalid value 'nearest' for --rounding"),
  ])
  func `bad options are usage errors`(options: [String], message: String) {
    let result = runner.run(["number", "format", "1"] + options)
    #expect(result.status == 64)
    #expect(result.error.contains(message), "\(result.error)")
  }

  // MARK: - Help

  @Test func `help shows the seed's five-locale example`() {
    let help = run("number", "--help")
    #expect(help.status == 0)
    #expect(
      help.output.contains(
        "toolbox number convert 1,234,567.89 --from en_US --to ko_KR,fr_GP,ne,ar,it_CH"))
    for command in ["format", "convert", "parse", "symbols", "locales"] {
      #expect(help.output.contains("  \(command) "), "\(command)")
    }
    let format = run("help", "number", "format")
    #expect(format.output.contains("EXAMPLES:"))
    #expect(format.output.contains("--rounding <mode>"))
  }

  @Test func `every example in help runs`() throws {
    let examples = NumberTool.descriptor.examples + NumberTool.commands.flatMap(\.spec.examples)
    #expect(examples.count > 20)
    for example in examples {
      let words = ShellWords.split(example)
      #expect(words.first == "toolbox")
      let result = runner.run(Array(words.dropFirst()))
      #expect(result.status == 0, "\(example): \(result.error)")
      #expect(!result.output.isEmpty, "\(example)")
    }
  }

  @Test func `specs are well formed`() throws {
    #expect(
      Set(NumberTool.commands.compactMap(\.spec.name)) == [
        "format", "convert", "parse", "symbols", "locales",
      ])
    for command in NumberTool.commands {
      #expect(command.spec.abstract.hasSuffix("."))
      for argument in command.spec.arguments {
        #expect(argument.help.hasSuffix("."), "\(command.spec.name ?? "") \(argument.name)")
      }
    }
  }
}
