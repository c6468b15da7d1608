import Testing

@testable import ToolboxNumber

@Suite struct NumberPatternTests {
  @Test func `decimal pattern`() {
    let pattern = NumberPattern("#,##0.###")
    #expect(pattern.primaryGrouping == 3)
    #expect(pattern.secondaryGrouping == 3)
    #expect(pattern.minimumIntegerDigits == 1)
    #expect(pattern.minimumFractionDigits == 0)
    #expect(pattern.maximumFractionDigits == 3)
    #expect(pattern.positivePrefix.isEmpty)
    #expect(pattern.negativePrefix == [.minus])
    #expect(!pattern.hasExponent)
  }

  @Test func `lakh grouping`() {
    let pattern = NumberPattern("#,##,##0.###")
    #expect(pattern.primaryGrouping == 3)
    #expect(pattern.secondaryGrouping == 2)
  }

  @Test func `no grouping`() {
    #expect(NumberPattern("0.######").primaryGrouping == 0)
    #expect(NumberPattern("0.######").maximumFractionDigits == 6)
  }

  @Test func `explicit negative subpattern and currency`() {
    let pattern = NumberPattern("¤\u{00A0}#,##0.00;¤-#,##0.00")
    #expect(pattern.positivePrefix == [.currency(width: 1), .literal("\u{00A0}")])
    #expect(pattern.negativePrefix == [.currency(width: 1), .minus])
    #expect(pattern.minimumFractionDigits == 2)
    #expect(pattern.maximumFractionDigits == 2)
  }

  @Test func `suffix affixes and bidi marks`() {
    let percent = NumberPattern("#,##0\u{00A0}%")
    #expect(percent.positiveSuffix == [.literal("\u{00A0}"), .percent])
    let arabic = NumberPattern("\u{200F}#,##0.00\u{00A0}¤;\u{200F}-#,##0.00\u{00A0}¤")
    #expect(arabic.negativePrefix == [.literal("\u{200F}"), .minus])
    #expect(arabic.negativeSuffix == [.literal("\u{00A0}"), .currency(width: 1)])
  }

  @Test func `scientific patterns`() {
    let plain = NumberPattern("#E0")
    #expect(plain.hasExponent)
    #expect(plain.minimumExponentDigits == 1)
    #expect(!plain.exponentShowsPlus)
    let bracketed = NumberPattern("[#E0]")
    #expect(bracketed.positivePrefix == [.literal("[")])
    #expect(bracketed.positiveSuffix == [.literal("]")])
    let posix = NumberPattern("0.000000E+000")
    #expect(posix.exponentShowsPlus)
    #expect(posix.minimumExponentDigits == 3)
    #expect(posix.minimumFractionDigits == 6)
  }

  @Test func `quoted literals`() {
    let pattern = NumberPattern("'#'#,##0' o''clock'")
    #expect(pattern.positivePrefix == [.literal("#")])
    #expect(pattern.positiveSuffix == [.literal(" o'clock")])
    #expect(NumberPattern("#,##0.00 ¤¤").positiveSuffix == [.literal(" "), .currency(width: 2)])
  }
}
