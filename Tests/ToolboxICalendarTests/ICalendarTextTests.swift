import Testing

@testable import ToolboxICalendar

@Suite struct ICalendarTextTests {
  @Test(arguments: [
    ("plain", "plain"), ("a,b;c\\d", #"a\,b\;c\\d"#), ("two\nlines", #"two\nlines"#),
    ("crlf\r\nand cr\r", #"crlf\nand cr\n"#), ("tab\tstays", "tab\tstays"), ("", ""),
    ("한글, 日本語", #"한글\, 日本語"#),
  ])
  func `TEXT escaping`(text: String, escaped: String) {
    #expect(ICalendarText.escape(text) == escaped)
  }

  @Test func `unescaping accepts upper-case N and keeps unknown escapes`() {
    #expect(ICalendarText.unescape(#"a\Nb\nc\,d\;e\\f"#) == "a\nb\nc,d;e\\f")
    #expect(ICalendarText.unescape(#"x\:y\"#) == #"x\:y\"#)
  }

  @Test(arguments: ["", "a", "\\", "a\\,b", "\n\n", ";;,,\\\\", "é\\", "\r\n"])
  func `unescape(escape(text)) is the text, line breaks as line feeds`(text: String) {
    #expect(
      ICalendarText.unescape(ICalendarText.escape(text)) == text.replacing("\r\n", with: "\n"))
  }

  @Test func `lists split at unescaped commas`() {
    #expect(ICalendarText.splitList(#"a,b\,c,,d\\,e"#) == ["a", "b,c", "", "d\\", "e"])
    #expect(ICalendarText.joinList(["a", "b,c"]) == #"a,b\,c"#)
    #expect(
      ICalendarText.splitList(ICalendarText.joinList(["x;y", "\\", "z,"])) == ["x;y", "\\", "z,"])
  }

  @Test func `parameter values are quoted when they must be and use RFC 6868 escapes`() {
    #expect(ICalendarText.encodeParameterValue("Asia/Seoul") == "Asia/Seoul")
    #expect(ICalendarText.encodeParameterValue("mailto:a@b") == "\"mailto:a@b\"")
    #expect(ICalendarText.encodeParameterValue("say \"hi\"\n^") == "say ^'hi^'^n^^")
    #expect(ICalendarText.decodeParameterValue("say ^'hi^'^n^^ ^x^") == "say \"hi\"\n^ ^x^")
  }
}
