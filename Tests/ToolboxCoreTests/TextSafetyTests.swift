import Testing
import ToolboxCore
import ToolboxTestSupport

/// JSON keys compared as JSON compares them, config numbers out of range, bidirectional controls in
/// messages, and C1 controls in JSON output.
@Suite struct TextSafetyTests {
  static let nfc = "\u{E9}"  // é
  static let nfd = "e\u{301}"  // é, decomposed

  @Test func `NFC and NFD spellings of a key are two keys, not a duplicate`() throws {
    let value = try JSONValue.parse(#"{"\#(Self.nfc)": 1, "\#(Self.nfd)": 2}"#)
    #expect(value.objectMembers?.count == 2)
    #expect(value[Self.nfc] == .number("1"))
    #expect(value[Self.nfd] == .number("2"))
    // The same scalars twice are still a duplicate.
    #expect(throws: JSONParseError.self) {
      try JSONValue.parse(#"{"\#(Self.nfd)": 1, "\#(Self.nfd)": 2}"#)
    }
    #expect(throws: JSONParseError.self) {
      try JSONValue.parse(#"{"\u00e9": 1, "\#(Self.nfc)": 2}"#)
    }
  }

  @Test func `config lookups match keys by their scalars`() throws {
    let section = try ConfigSection(
      path: "tools.x", value: try JSONValue.parse(#"{"caf\#(Self.nfd)": "decomposed"}"#))
    #expect(section["caf\(Self.nfc)"] == nil)
    #expect(section["caf\(Self.nfd)"] == .string("decomposed"))
    #expect(throws: ConfigError.self) { try section.checkKeys(["caf\(Self.nfc)"]) }
    #expect(throws: Never.self) { try section.checkKeys(["caf\(Self.nfd)"]) }
  }

  static func section(_ json: String) throws -> ConfigSection {
    try ConfigSection(path: "tools.search", value: try JSONValue.parse(json))
  }

  @Test(arguments: [
    (
      #"{"t": 1e400}"#, "'tools.search.t' is out of range: 1e400 (must be between 0.001 and 3600.0)"
    ),
    (
      #"{"t": -1e400}"#,
      "'tools.search.t' is out of range: -1e400 (must be between 0.001 and 3600.0)"
    ),
    (#"{"t": 5000}"#, "'tools.search.t' must be between 0.001 and 3600.0"),
    (#"{"t": "5"}"#, "'tools.search.t' must be a number, not a string"),
  ])
  func `a number no Double holds is out of range, not "not a number"`(json: String, message: String)
    throws
  {
    #expect(
      throws: ConfigError(
        message, code: message.contains("not a string") ? "invalid_type" : "invalid_value")
    ) {
      try Self.section(json).number("t", in: 0.001...3600)
    }
  }

  @Test(arguments: [
    (
      #"{"n": 1e400}"#, "'tools.search.n' is out of range: 1e400 (must be between 1 and 200)",
      "invalid_value"
    ),
    (
      #"{"n": 99999999999999999999}"#,
      "'tools.search.n' is out of range: 99999999999999999999 (must be between 1 and 200)",
      "invalid_value"
    ),
    (
      #"{"n": -99999999999999999999}"#,
      "'tools.search.n' is out of range: -99999999999999999999 (must be between 1 and 200)",
      "invalid_value"
    ),
    (#"{"n": 1.5}"#, "'tools.search.n' must be an integer, not 1.5", "invalid_type"),
    (#"{"n": true}"#, "'tools.search.n' must be an integer, not a boolean", "invalid_type"),
  ])
  func `an integer too large to hold is out of range too`(
    json: String, message: String, code: String
  )
    throws
  {
    #expect(throws: ConfigError(message, code: code)) {
      try Self.section(json).integer("n", in: 1...200)
    }
  }

  @Test func `bidirectional overrides and isolates are escaped in messages, marks are not`() {
    #expect("abc\u{202E}fed".escapingControlCharacters == "abc\\u{202E}fed")
    for scalar in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
      let text = "a" + String(Unicode.Scalar(UInt32(scalar))!) + "b"
      #expect(
        text.escapingControlCharacters == "a\\u{\(String(scalar, radix: 16, uppercase: true))}b")
      #expect(text.removingBidiControls == "ab")
    }
    // The direction marks that number formats emit stay.
    for mark in ["\u{200E}", "\u{200F}", "\u{061C}"] {
      #expect(("1" + mark + "2").escapingControlCharacters == "1" + mark + "2")
      #expect(("1" + mark + "2").removingBidiControls == "1" + mark + "2")
    }
  }

  @Test
  func `terminal controls are the scalars of categories Cc, Zl and Zp, as the Unicode data says`() {
    let disagreeing = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init).filter { scalar in
      let category = scalar.properties.generalCategory
      let expected =
        category == .control || category == .lineSeparator || category == .paragraphSeparator
      return scalar.isTerminalControl != expected
    }
    #expect(disagreeing.isEmpty, "\(disagreeing.map { String($0.value, radix: 16) })")
    #expect(
      (UInt32(0)...0x10FFFF).count(where: { Unicode.Scalar($0)?.isTerminalControl == true }) == 67)
  }

  @Test func `text is escaped exactly where a scalar needs it, however its bytes begin`() {
    // Every scalar that is a control or shares a first byte with one (C2, E2), and a sample of the rest,
    // alone and amid other text: the check on bytes must agree with the scalars' Unicode properties.
    func escapes(_ scalar: Unicode.Scalar) -> Bool {
      let category = scalar.properties.generalCategory
      return category == .control || category == .lineSeparator
        || category == .paragraphSeparator || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value)
    }
    var values = Array(UInt32(0)...0x2FF) + Array(UInt32(0x2000)...0x20FF)
    values += [0xAC00, 0xD55C, 0xFEFF, 0x1F600, 0x10FFFF]
    for value in values {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for text in [
        String(scalar), "a" + String(scalar) + "한", "\u{E2}\u{C2}" + String(scalar) + "long text",
      ] {
        let expected = text.unicodeScalars.contains(where: escapes)
        #expect(
          (text.escapingControlCharacters != text) == expected, "U+\(String(value, radix: 16))")
      }
    }
  }

  @Test func `text output leaves out the bidi controls that table cells leave out`() {
    // Every scalar led by E2 in UTF-8 (U+2000-U+2FFF), alone, in pairs, amid other text and at the
    // ends: the renderer's byte-level pass (TerminalText) must leave out exactly what the scalar-level
    // removal does; U+2028 and U+2029 are not controls it escapes (they break no terminal).
    let scalars = (UInt32(0x2000)...0x2FFF).compactMap(Unicode.Scalar.init).map { String($0) }
    var samples = scalars + scalars.map { "a" + $0 + "한\u{202E}" }
    samples += zip(scalars, scalars.dropFirst()).map { $0 + $1 }
    samples += ["", "\u{E2}", "plain", "\u{202E}\u{2066}"]
    for text in samples {
      #expect(
        TerminalText.sanitized(text, keepingStyles: false) == text.removingBidiControls,
        "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test func `an error message quoting a bidi override shows it escaped`() {
    let result = ToolboxRunner(tools: [EchoTool.self]).run("echo", "say", "--\u{202E}x")
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("toolbox: echo: unknown option '--\\u{202E}x'"))
    #expect(!result.error.unicodeScalars.contains { $0.isBidiControl })
  }

  @Test func `JSON output escapes C0 and C1 controls and DEL, and nothing printable`() {
    #expect(JSONOutput.quoted("\u{7F}") == #""\u007f""#)
    #expect(JSONOutput.quoted("\u{80}\u{85}\u{9B}\u{9F}") == #""\u0080\u0085\u009b\u009f""#)
    #expect(JSONOutput.quoted("\u{1B}[2J\u{0}") == #""\u001b[2J\u0000""#)
    // U+00A0 (also C2 in UTF-8) and other printable text pass unchanged.
    #expect(JSONOutput.quoted("\u{A0}é한") == "\"\u{A0}é한\"")
    let value = JSONValue.object([.init("k\u{9B}", .string("v\u{7F}"))])
    #expect(value.serialized(pretty: false) == #"{"k\u009b":"v\u007f"}"#)
    let record = ToolboxRunner(tools: [EchoTool.self]).run(
      ["--json", "echo", "lines"], input: "a\u{9B}b\u{7F}\n")
    #expect(record.output == #"{"line":"a\u009bb\u007f"}"# + "\n")
  }
}
