import Testing
import ToolboxCore

@Suite struct TextBufferTests {
  @Test func `strings, spaces, decimals and padding become the same bytes a String would`() {
    var buffer = TextBuffer()
    #expect(buffer.isEmpty)
    buffer.append(decimal: 0)
    buffer.append(spaces: 2)
    buffer.append(decimal: -1_234_567)
    buffer.append(spaces: 0)
    buffer.append(spaces: -3)
    buffer.append(ascii: 0x0A)
    buffer.append("처음", paddedTo: 6)
    buffer.append("|")
    buffer.append("ab", paddedTo: 1)
    buffer.append(decimal: Int.max)
    buffer.append(decimal: Int.min)
    buffer.append("end   ")
    buffer.trimTrailingSpaces()
    #expect(
      buffer.text
        == "0  -1234567\n처음  |ab\(Int.max)\(Int.min)end")
    #expect(buffer.bytes == Array(buffer.text.utf8))
  }

  @Test func `every width of padding, every number of digits, every date as its description`() {
    for count in 0...200 {
      var buffer = TextBuffer()
      buffer.append(spaces: count)
      #expect(buffer.text == String(repeating: " ", count: count))
    }
    var value = 1
    for _ in 0..<19 {
      for number in [value - 1, value, value + 1, -value, 7 * value] {
        var buffer = TextBuffer()
        buffer.append(decimal: number)
        #expect(buffer.text == String(number))
      }
      value = value.multipliedReportingOverflow(by: 10).partialValue
    }
    for date in [CivilDate.minimum, CivilDate.maximum, CivilDate(year: 2026, month: 12, day: 3)!] {
      var buffer = TextBuffer()
      buffer.append(date: date)
      #expect(buffer.text == date.description)
    }
  }

  @Test func `copies keep their own bytes when either one changes`() {
    var first = TextBuffer()
    first.append("abc  ")
    var second = first
    second.append("def")
    #expect(first.text == "abc  ")
    #expect(second.text == "abc  def")
    var third = first
    first.trimTrailingSpaces()
    first.append("x")
    #expect(first.text == "abcx")
    #expect(third.text == "abc  ")
    third.append(spaces: 17)
    #expect(third.text == "abc" + String(repeating: " ", count: 19))
  }

  @Test func `a buffer grows past its capacity in small and large steps`() {
    var buffer = TextBuffer(capacity: 1)
    var expected = ""
    for n in 0..<3000 {
      let piece = n % 7 == 0 ? String(repeating: "한", count: n % 50) : String(n)
      buffer.append(piece)
      buffer.append(spaces: n % 20)
      buffer.append(decimal: -n)
      expected += piece + String(repeating: " ", count: n % 20) + String(-n)
    }
    #expect(buffer.text == expected)
    #expect(buffer.byteCount == expected.utf8.count)
  }

  @Test func `widths count display columns, digits count digits`() {
    #expect(TextBuffer.width("D-Day") == 5)
    #expect(TextBuffer.width("수요일") == 6)
    #expect(TextBuffer.width("") == 0)
    #expect(TextBuffer.width("e\u{301}") == 1)
    #expect(TextBuffer.digitCount(0) == 1)
    #expect(TextBuffer.digitCount(9) == 1)
    #expect(TextBuffer.digitCount(10) == 2)
    #expect(TextBuffer.digitCount(-999) == 3)
    #expect(TextBuffer.digitCount(Int.max) == 19)
  }

  @Test func `dates are written zero-padded, as before`() {
    #expect(CivilDate.text(year: 1, month: 2, day: 3) == "0001-02-03")
    #expect(CivilDate.text(year: 9999, month: 12, day: 31) == "9999-12-31")
    #expect(CivilDate.text(year: 12345, month: 1, day: 1) == "12345-01-01")
    #expect(CivilDate.text(year: -5, month: 1, day: 1) == "00-5-01-01")
  }
}
