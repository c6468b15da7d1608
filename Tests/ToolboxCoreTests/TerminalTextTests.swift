import Testing

@testable import ToolboxCore

/// `TerminalText`, the renderer's one pass over text output.
@Suite struct TerminalTextTests {
  func safe(_ text: String, styles: Bool = false) -> String {
    TerminalText.sanitized(text, keepingStyles: styles)
  }

  @Test func `text without controls passes unchanged and uncopied`() {
    for text in ["", "plain", "처음 만난 날 · 100일", "tab\tand\nline", "emoji 👩‍👩‍👧 é"] {
      #expect(safe(text) == text)
      var copy = text
      #expect(copy.withUTF8 { TerminalText.sanitized($0, keepingStyles: false) } == nil)
    }
  }

  @Test func `C0 controls but line break and tab, DEL and C1 are written escaped`() {
    #expect(safe("a\u{1B}]0;t\u{7}b") == #"a\u{1B}]0;t\u{7}b"#)
    #expect(safe("a\rb\u{8}c\u{0}d") == #"a\u{D}b\u{8}c\u{0}d"#)
    #expect(safe("x\u{7F}y\u{9B}2Jz\u{85}") == #"x\u{7F}y\u{9B}2Jz\u{85}"#)
    // U+00A0 and U+00E9 share C2/C3 lead bytes with C1 but are text.
    #expect(safe("\u{A0}é\u{9F}") == "\u{A0}é" + #"\u{9F}"#)
  }

  @Test func `bidi overrides and isolates are left out`() {
    #expect(safe("a\u{202E}b\u{2066}c\u{2069}") == "abc")
    #expect(safe("keep \u{200F} marks") == "keep \u{200F} marks")
  }

  @Test func `toolbox's own styles survive only when colour is on`() {
    let styled =
      TextStyle(isEnabled: true).reverse("2") + TextStyle(isEnabled: true).red("late")
      + TextStyle(isEnabled: true).strikethrough("done") + TextStyle(isEnabled: true).bold("b")
      + TextStyle(isEnabled: true).dim("d")
    #expect(safe(styled, styles: true) == styled)
    #expect(safe(styled, styles: false).contains(#"\u{1B}[7m"#))
    // Other sequences are escaped even with colour on: a screen clear, a title, a cursor move,
    // conceal (SGR 8) and an unterminated one.
    #expect(
      safe("\u{1B}[2J\u{1B}[8m\u{1B}[H\u{1B}[7", styles: true)
        == #"\u{1B}[2J\u{1B}[8m\u{1B}[H\u{1B}[7"#)
  }
}
