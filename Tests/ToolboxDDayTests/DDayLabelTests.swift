import Testing
import ToolboxCore

@testable import ToolboxDDay

@Suite struct DDayLabelTests {
  @Test(arguments: [
    (23, "D-23"), (1, "D-1"), (0, "D-Day"), (-1, "D+1"), (-5, "D+5"),
    (3_652_058, "D-3652058"), (-3_652_058, "D+3652058"),
  ])
  func `labels count down, then up`(days: Int, label: String) {
    #expect(DDayLabel.label(days: days) == label)
  }

  @Test func `every label is D, the sign and the number as Swift prints it`() {
    // The label is written as bytes: compared with the obvious spelling, including the widest values.
    let samples = Array(-1_000...1_000) + [Int.max, Int.min + 1, 9, 10, 99, 100, -10, -100]
    for days in samples where days != 0 {
      let expected = days > 0 ? "D-" + String(days) : "D+" + String(-days)
      #expect(DDayLabel.label(days: days) == expected)
    }
    // The label written straight into a list's bytes is the same, and as wide as it says.
    for days in Array(-1_000...1_000) + [3_652_058, -3_652_058] {
      var buffer = TextBuffer()
      buffer.append(dayLabel: days)
      #expect(buffer.text == DDayLabel.label(days: days))
      #expect(TextBuffer.dayLabelWidth(days) == buffer.bytes.count)
    }
  }
}
