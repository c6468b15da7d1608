import Testing

@testable import ToolboxTerminal

@Suite struct CanvasTests {
  @Test func wideCharactersTakeTwoCellsAndAreNotCut() {
    var canvas = Canvas(width: 6, height: 1)
    #expect(canvas.put("가나다라", row: 0, column: 1) == 4)
    #expect(canvas.text == " 가나")
    #expect(canvas[0, 2].isContinuation)
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.put("가나", row: 0, column: 0)
    canvas.put("x", row: 0, column: 1)
    #expect(canvas.text == " x나")
    canvas.put("y", row: 0, column: 2)
    #expect(canvas.text == " xy")
  }

  @Test func controlCharactersAreShownAsQuestionMarks() {
    var canvas = Canvas(width: 5, height: 1)
    canvas.put("a\u{1B}[b", row: 0, column: 0)
    #expect(canvas.text == "a?[b")
  }

  @Test func drawingCopiesAnAreaAndItsCursor() {
    var area = Canvas(width: 3, height: 2)
    area.put("ab", row: 1, column: 0)
    area.cursor = (1, 2)
    var frame = Canvas(width: 5, height: 4)
    frame.draw(area, row: 1, column: 2)
    #expect(frame.text(ofRow: 2) == "  ab")
    #expect(frame.cursor?.row == 2 && frame.cursor?.column == 4)
  }
}

@Suite struct TextFieldTests {
  @Test func editsAtTheCursor() {
    var field = TextField("abc")
    #expect(field.handle(.left) == .moved)
    #expect(field.handle(.character("x")) == .changed)
    #expect(field.text == "abxc" && field.cursor == 3)
    #expect(field.handle(.backspace) == .changed)
    #expect(field.handle(.home) == .moved)
    #expect(field.handle(.delete) == .changed)
    #expect(field.text == "bc" && field.cursor == 0)
    #expect(field.handle(.enter) == .ignored)
  }

  @Test func theFilterRefusesWhatCannotBeTyped() {
    var field = TextField("12")
    #expect(field.handle(.character("a")) { $0.allSatisfy(\.isNumber) } == .refused)
    #expect(field.text == "12")
    #expect(field.handle(.paste("3\n4")) { $0.allSatisfy(\.isNumber) } == .changed)
    #expect(field.text == "1234")
  }

  @Test func controlKeysDeleteWordsAndLines() {
    var field = TextField("buy milk today")
    #expect(field.handle(.control("w")) == .changed)
    #expect(field.text == "buy milk ")
    #expect(field.handle(.control("u")) == .changed)
    #expect(field.text.isEmpty)
  }

  @Test func aLongFieldScrollsToShowTheCursor() {
    let field = TextField("가나다라마")
    var canvas = Canvas(width: 6, height: 1)
    field.draw(into: &canvas, row: 0, column: 0, width: 6, focused: true)
    #expect(canvas.text == "라마")
    #expect(canvas.cursor?.row == 0 && canvas.cursor?.column == 4)
  }
}
