import Foundation
import Testing

/// The number tool as users run it: the built binary as a child process, real standard streams.
@Suite struct NumberEndToEndTests {
  // MARK: - format

  @Test func `format one value, text and JSON`() throws {
    let text = try Toolbox.run("number", "format", "12345678901234567890.123", "--locale", "en_US")
    #expect(text.output == "12,345,678,901,234,567,890.123\n")
    #expect(text.error == "")
    #expect(text.status == 0)
    let json = try Toolbox.run("--json", "number", "format", "1234567.891", "--locale", "hi_IN")
    #expect(
      json.output
        == #"{"input":"1234567.891","locale":"hi_IN","text":"12,34,567.891","value":"1234567.891"}"#
        + "\n")
    #expect(json.status == 0)
  }

  @Test func `negative values in a locale's notation are values, not options`() throws {
    let result = try Toolbox.run("number", "parse", "-١٬٢٣٤", "--locale", "ar_EG")
    #expect(result.output == "-1234\n")
    let marked = try Toolbox.run("number", "parse", "\u{061C}-١٬٢٣٤٫٥", "--locale", "ar_EG")
    #expect(marked.output == "-1234.5\n")
    let format = try Toolbox.run("number", "format", "-1234.5", "--locale", "ko_KR")
    #expect(format.output == "-1,234.5\n")
  }

  @Test func `a stream with bad lines in the middle`() throws {
    let input = "1234567.891\n12abc\n-0.5\n\n1.2.3\n99999999999999999999999999999999999999\n"
    let text = try Toolbox.run(["number", "format", "--locale", "ko_KR"], input: input)
    #expect(
      text.output
        == "1,234,567.891\n\n-0.5\n\n\n99,999,999,999,999,999,999,999,999,999,999,999,999\n")
    #expect(
      text.error.split(separator: "\n").map { String($0.prefix(30)) } == [
        "toolbox: number: line 2: inval", "toolbox: number: line 4: empty",
        "toolbox: number: line 5: more ",
      ])
    #expect(text.status == 1)

    let json = try Toolbox.run(["--json", "number", "format", "--locale", "ko_KR"], input: input)
    let lines = json.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 7)
    #expect(
      lines[0]
        == #"{"input":"1234567.891","locale":"ko_KR","text":"1,234,567.891","value":"1234567.891"}"#
    )
    #expect(lines[1].hasPrefix(#"{"error":{"code":"invalid_characters","#))
    #expect(lines[1].hasSuffix(#""input":"12abc","line":2}"#))
    #expect(lines[3].hasPrefix(#"{"error":{"code":"empty_input","#))
    #expect(lines[4].hasPrefix(#"{"error":{"code":"multiple_decimal_separators","#))
    #expect(lines[6] == "")
    #expect(json.error == "")
    #expect(json.status == 1)
  }

  @Test func `a clean stream exits 0 and keeps the input order`() throws {
    let values = (1...2000).map { "\($0).5" }
    let result = try Toolbox.run(
      ["number", "format", "-", "--locale", "de_DE", "--fraction", "1"],
      input: values.joined(separator: "\n") + "\n")
    let expected = (1...2000).map {
      $0 >= 1000 ? "\($0 / 1000).\(String(format: "%03d", $0 % 1000)),5" : "\($0),5"
    }
    #expect(result.output == expected.joined(separator: "\n") + "\n")
    #expect(result.status == 0)
  }

  // MARK: - convert

  @Test func `convert: the seed's sample screen`() throws {
    let result = try Toolbox.run(
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
    let json = try Toolbox.run(
      "--json", "number", "convert", "1,234.5", "--from", "en_US", "--to", "ar_EG")
    #expect(
      json.output
        == #"{"from":"en_US","input":"1,234.5","text":"١٬٢٣٤٫٥","to":"ar_EG","value":"1234.5"}"#
        + "\n")
  }

  @Test func `convert: a stream to several locales`() throws {
    let result = try Toolbox.run(
      ["--json", "number", "convert", "--from", "de_DE", "--to", "en_US,hi_IN"],
      input: "1.234.567,5\n1,5.0\n")
    #expect(
      result.output == #"""
        {"from":"de_DE","input":"1.234.567,5","results":[{"locale":"en_US","text":"1,234,567.5"},{"locale":"hi_IN","text":"12,34,567.5"}],"value":"1234567.5"}
        {"error":{"code":"reversed_separators","message":"decimal and grouping separators reversed in '1,5.0': de_DE writes ',' before the fraction and '.' between groups","tool":"number"},"input":"1,5.0","line":2}

        """#)
    #expect(result.status == 1)
  }

  @Test func `convert: the seed's invalid inputs are data errors with the contract's codes`() throws
  {
    for (text, code) in [
      ("0.0.1", "multiple_decimal_separators"), ("loo", "invalid_characters"),
      ("123.456,789", "reversed_separators"), ("", "empty_input"),
    ] {
      let result = try Toolbox.run(
        "--json", "number", "convert", text, "--from", "en_US", "--to", "ko_KR")
      #expect(result.status == 65, "\(text)")
      #expect(result.output == "")
      #expect(result.error.hasPrefix(#"{"error":{"code":"\#(code)""#), "\(text): \(result.error)")
    }
  }

  // MARK: - parse, symbols, locales

  @Test func `parse, text and JSON`() throws {
    #expect(
      try Toolbox.run("number", "parse", "12,34,567.5", "--locale", "hi_IN").output == "1234567.5\n"
    )
    let json = try Toolbox.run("--json", "number", "parse", "1\u{202F}234,5", "--locale", "fr_FR")
    #expect(
      json.output == "{\"input\":\"1\u{202F}234,5\",\"locale\":\"fr_FR\",\"value\":\"1234.5\"}\n")
    let bad = try Toolbox.run("number", "parse", "1,234,567", "--locale", "hi_IN")
    #expect(bad.status == 65)
    #expect(
      bad.error
        == "toolbox: number: grouping separators at the wrong places in '1,234,567' (hi_IN groups like 12,34,567); looks like en_US notation; use --locale en_US\n"
    )
  }

  @Test func `symbols, text and JSON`() throws {
    let text = try Toolbox.run("number", "symbols", "--locale", "ne")
    #expect(text.status == 0 && text.error == "")
    let lines = text.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 19 && lines.last == "", "\(text.output)")
    #expect(
      Array(lines.prefix(3)) == [
        "locale              ne", "numbering system    deva", "digits              ०१२३४५६७८९",
      ])
    #expect(lines.contains("grouping sizes      3, then 2 (e.g. ##,##,###)"))
    #expect(lines.contains("decimal pattern     #,##,##0.###"))
    #expect(lines[17] == "sample              -१२,३४,५६७.८९१")
    // JSON: the same fields, decoded.
    let json = try Toolbox.run("--json", "number", "symbols", "--locale", "it_CH")
    let symbols = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(symbols["locale"] as? String == "it_CH")
    #expect(symbols["grouping"] as? String == "’")
    #expect(symbols["decimal"] as? String == ".")
    #expect(symbols["minimumGroupingDigits"] as? Int == 2)
    #expect((symbols["currency"] as? [String: Any])?["code"] as? String == "CHF")
    #expect(symbols["numberingSystem"] as? String == "latn")
  }

  @Test func `locales, text and JSON`() throws {
    let text = try Toolbox.run("number", "locales")
    #expect(text.status == 0)
    let lines = text.output.split(separator: "\n")
    #expect(lines.count > 700)
    #expect(lines.contains { $0.hasPrefix("ne ") && $0.hasSuffix("१२,३४,५६७.८९१") })
    #expect(lines.last?.contains("locales (ICU 76.1, CLDR 46.0, Unicode 16.0)") == true)
    let json = try Toolbox.run("--json", "number", "locales", "ar_e")
    let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    let locales = decoded?["locales"] as? [[String: String]]
    #expect(locales?.map { $0["id"] ?? "" } == ["ar_EG", "ar_EH", "ar_ER"])
    #expect(locales?.first?["sample"] == "١٬٢٣٤٬٥٦٧٫٨٩١")
    #expect(decoded?["cldrVersion"] as? String == "46.0")
  }

  // MARK: - Locales and errors

  @Test func `the locale follows LC_NUMERIC when nothing else is set`() throws {
    var environment = Toolbox.cleanEnvironment()
    environment["LC_NUMERIC"] = "hi_IN.UTF-8"
    let result = try Toolbox.run(["number", "format", "1234567"], environment: environment)
    #expect(result.output == "12,34,567\n")
  }

  /// NumberFormatter traps on some `-u-nu-` identifiers on Linux; toolbox answers every one with 0 or 64.
  @Test(arguments: [
    "ar-u-nu-roman", "ja-u-nu-jpan", "zh-u-nu-hant", "zh-u-nu-hansfin", "en-u-nu-greklow",
    "he-u-nu-hebr", "ta-u-nu-taml", "am-u-nu-ethi", "xx-u-nu-latn", "en-u-nu-foo",
  ])
  func `no numbering system crashes the process`(identifier: String) throws {
    let result = try Toolbox.run("number", "format", "-1234.5", "--locale", identifier)
    #expect(result.status == 64, "\(identifier): \(result.error)")
    #expect(result.error.hasPrefix("toolbox: number: "))
  }

  /// Each numbering system's own digits for 1 to 5 (Unicode's Arabic-Indic, Thai, CJK and Tamil digits),
  /// with the locale's separators and minus sign.
  @Test(arguments: [
    ("ar-u-nu-arab", "\u{061C}-١٬٢٣٤٫٥"), ("en-u-nu-thai", "-๑,๒๓๔.๕"),
    ("ko-u-nu-hanidec", "-一,二三四.五"), ("th_TH@numbers=thai", "-๑,๒๓๔.๕"),
    ("ta-u-nu-tamldec", "-௧,௨௩௪.௫"),
  ])
  func `digit numbering systems work`(identifier: String, formatted: String) throws {
    let result = try Toolbox.run("number", "format", "-1234.5", "--locale", identifier)
    #expect(result.output == formatted + "\n", "\(identifier)")
    #expect(result.error == "" && result.status == 0, "\(identifier): \(result.error)")
  }

  @Test func `unknown locale is a usage error`() throws {
    let result = try Toolbox.run("--json", "number", "format", "1", "--locale", "kr_KO")
    #expect(result.status == 64)
    #expect(
      result.error
        == #"{"error":{"code":"unknown_locale","message":"unknown locale 'kr_KO'","tool":"number"}}"#
        + "\n")
  }

  // MARK: - Columns, notations, hints

  @Test func `one column of a TSV through the binary, the rest byte for byte`() throws {
    let input =
      "id\tamount\tnote\nr1\t1234567.891\tpaid  in full\nr2\t-0.5\t\nr3\t12\tx\u{00A0}y\n"
    let result = try Toolbox.run(
      [
        "number", "format", "--locale", "de_DE", "--field", "2", "--delimiter", "\t", "--header",
        "1",
      ],
      input: input)
    #expect(
      result.output
        == "id\tamount\tnote\nr1\t1.234.567,891\tpaid  in full\nr2\t-0,5\t\nr3\t12\tx\u{00A0}y\n")
    #expect(result.error == "")
    #expect(result.status == 0)
  }

  @Test func `pasted notations, every digit, hints and locales as typed`() throws {
    let myriad = try Toolbox.run(
      "number", "parse", "1억 2345만 6789", "--locale", "ko_KR", "--style", "auto")
    #expect(myriad.output == "123456789\n")
    let accounting = try Toolbox.run(
      "number", "parse", "(1,234.50)", "--locale", "en_US.UTF-8", "--style", "currency")
    #expect(accounting.output == "-1234.5\n")
    let digits = try Toolbox.run(
      "number", "convert", "3,14159265", "--from", "de_DE", "--to", "en_US")
    #expect(digits.output == "3.14159265\n")
    let hint = try Toolbox.run("number", "parse", "1 234,5", "--locale", "en_US")
    #expect(hint.status == 65)
    #expect(hint.error.hasSuffix("; looks like fr_FR notation; use --locale fr_FR\n"))
  }

  // MARK: - Streaming

  /// Each answer comes out before the next line goes in: input is streamed, never collected.
  @Test func `answers arrive line by line while standard input is open`() throws {
    let toolbox = try Toolbox.start(["number", "format", "--locale", "ko_KR"], timeout: 60)
    var received = ""
    for (line, expected) in [
      ("1234567", "1,234,567\n"), ("-0.5", "-0.5\n"), ("1e6", "1,000,000\n"),
    ] {
      toolbox.write(line + "\n")
      var answer = ""
      while !answer.hasSuffix("\n") {
        let chunk = toolbox.output.availableData
        if chunk.isEmpty { break }
        answer += String(decoding: chunk, as: UTF8.self)
      }
      #expect(answer == expected)
      received += answer
    }
    #expect(try toolbox.finish() == 0)
    #expect(received == "1,234,567\n-0.5\n1,000,000\n")
  }

  /// Peak memory does not grow with the input: after 400,000 lines the process's high-water mark
  /// (`VmHWM`) is where it was after 10,000. Lines go in by chunks and each chunk's answers are read back
  /// before the next, so every sample is taken after the child has processed exactly that many lines.
  @Test func `memory stays flat on a long stream`() throws {
    let toolbox = try Toolbox.start(["number", "format", "--locale", "hi_IN"], timeout: 120)

    // Counts answer lines on another thread, so that writing input and reading output never block
    // each other, and signals each completed chunk.
    let chunkSize = 10_000
    let chunkDone = DispatchSemaphore(value: 0)
    let output = toolbox.output
    let reader = Thread {
      var lines = 0
      while true {
        let data = output.availableData
        if data.isEmpty { break }
        for byte in data where byte == 0x0A {
          lines += 1
          if lines % chunkSize == 0 { chunkDone.signal() }
        }
      }
    }
    reader.start()

    var samples: [Int] = []
    for chunk in 0..<40 {
      var text = ""
      text.reserveCapacity(chunkSize * 16)
      for index in (chunk * chunkSize)..<((chunk + 1) * chunkSize) {
        text += "\(index * 7919 % 1_000_003).\(index % 1000)\n"
      }
      toolbox.write(text)
      chunkDone.wait()
      samples.append(Self.highWaterMarkKiB(of: toolbox.process.processIdentifier))
    }
    #expect(try toolbox.finish() == 0)
    let first = samples.first ?? 0
    let last = samples.last ?? 0
    #expect(first > 0)
    #expect(
      last < first + 4 * 1024,
      "peak memory after 10,000 lines: \(first) KiB, after 400,000: \(last) KiB")
  }

  /// A process's peak resident memory so far (`VmHWM` in `/proc/<pid>/status`), in KiB; 0 if unknown.
  static func highWaterMarkKiB(of pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
  }
}
