import Testing
import ToolboxCore

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("abc", 3), ("한국어", 6), ("2022년 01월", 11), ("日本", 4), ("ｆｕｌｌ", 8), ("é", 1),
    ("e\u{0301}", 1), ("\u{200E}1,234", 5), ("😀", 2), ("", 0), ("\u{1B}", 0),
  ])
  func `counts terminal columns`(text: String, width: Int) {
    #expect(text.displayWidth == width)
  }

  @Test func `pads by display width`() {
    #expect("일".padded(to: 4) == "일  ")
    #expect("ab".leftPadded(to: 4) == "  ab")
    #expect("abcdef".padded(to: 2) == "abcdef")
  }
}
