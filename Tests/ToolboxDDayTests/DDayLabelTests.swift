import Testing

@testable import ToolboxDDay

@Suite struct DDayLabelTests {
  @Test(arguments: [
    (23, "D-23"), (1, "D-1"), (0, "D-Day"), (-1, "D+1"), (-5, "D+5"),
    (3_652_058, "D-3652058"), (-3_652_058, "D+3652058"),
  ])
  func `labels count down, then up`(days: Int, label: String) {
    #expect(DDayLabel.label(days: days) == label)
  }
}
