import Testing
import ToolboxCore

@Suite struct JSONValueTests {
  @Test func `parses every kind of value and keeps number literals and key order`() throws {
    let value = try JSONValue.parse(
      #"{"b": [1, -0.5, 1e6, 12345678901234567890], "a": {"t": true, "f": false, "n": null}, "s": "x\u00e9\n\ud83d\ude00"}"#
    )
    #expect(value.objectMembers?.map(\.key) == ["b", "a", "s"])
    #expect(
      value["b"]?.arrayValue == [
        .number("1"), .number("-0.5"), .number("1e6"), .number("12345678901234567890"),
      ])
    #expect(value["a"]?["t"] == .bool(true))
    #expect(value["a"]?["n"] == .null)
    #expect(value["s"]?.stringValue == "xé\n😀")
  }

  @Test(arguments: [
    ("", "unexpected end of input at line 1, column 1"),
    ("{", "expected a quoted key at line 1, column 2"),
    ("{\"a\":1,}", "expected a quoted key at line 1, column 8"),
    ("{\"a\" 1}", "expected ':' after key 'a' at line 1, column 6"),
    ("[1 2]", "expected ',' or ']' in array at line 1, column 4"),
    ("{\n  \"a\": tru\n}", "invalid literal at line 2, column 8"),
    ("01", "unexpected text after the JSON value at line 1, column 2"),
    ("1.", "invalid number at line 1, column 3"),
    ("\"abc", "unterminated string at line 1, column 5"),
    ("\"\\x\"", "invalid escape '\\x' at line 1, column 3"),
    ("\"\\ud800\"", "unpaired surrogate in \\u escape at line 1, column 8"),
    ("{\"a\":1,\"a\":2}", "duplicate key 'a' at line 1, column 8"),
    ("nan", "invalid literal at line 1, column 1"),
  ])
  func `rejects malformed JSON with the position`(text: String, message: String) {
    #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    do {
      _ = try JSONValue.parse(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func `deep nesting is an error, not a stack overflow`() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
    let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
    #expect((try? JSONValue.parse(fine)) != nil)
  }

  @Test func `serializes pretty with scalar arrays on one line, and compact`() throws {
    let value = try JSONValue.parse(#"{"a":[1,2,null],"b":{"c":"d/e"},"e":[],"f":[{"g":1}]}"#)
    #expect(
      value.serialized(pretty: true) == """
        {
          "a": [1, 2, null],
          "b": {
            "c": "d/e"
          },
          "e": [],
          "f": [
            {
              "g": 1
            }
          ]
        }
        """)
    #expect(
      value.serialized(pretty: false) == #"{"a":[1,2,null],"b":{"c":"d/e"},"e":[],"f":[{"g":1}]}"#)
  }

  @Test func `quoting escapes only what JSON requires`() {
    #expect(JSONOutput.quoted("a\"b\\c\n\t\u{01}한/") == #""a\"b\\c\n\t\u0001한/""#)
  }
}
