import ToolboxCore
import ToolboxTerminal

extension DDayScreen {
  /// The calculator line: a date gives its weekday and countdown as `toolbox dday DATE` prints it
  /// (`2026-12-25 Friday  D-23`, `D+99 · day 100` once passed); `b DATE` reads a birthdate and gives what
  /// `toolbox dday age` prints (the three ages, the next birthday, the days lived). Evaluated as it is
  /// typed.
  struct Calculator {
    /// What a birthdate starts with.
    static let birthPrefix = "b "

    var field = TextField()
    var isFocused = false
    /// The result's lines, or the reason the text is not a date yet (`isError`).
    private(set) var lines: [String] = []
    private(set) var isError = false

    /// Reads the field again.
    ///
    /// - Parameters:
    ///   - tool: Reads dates and computes the results as its commands do.
    ///   - today: Today.
    ///   - language: The output language.
    mutating func evaluate(tool: DDayTool, today: CivilDate, language: DDayLanguage) {
      let text = field.text
      isError = false
      guard !text.allSatisfy(\.isWhitespace) else {
        lines = []
        return
      }
      do {
        if text.hasPrefix(Self.birthPrefix) {
          let birth = try tool.dates.date(String(text.dropFirst(Self.birthPrefix.count)))
          let age = try tool.ageResult(
            birth: birth, lunarBirth: nil, on: today, language: language)
          lines = age.text(style: .plain).split(separator: "\n").map(String.init)
        } else {
          let date = try tool.dates.date(text)
          let countdown = CountdownResult(
            from: today, target: date, countStartDay: tool.settings.countStartDay,
            language: { language })
          lines = [language.dateWithWeekday(date) + "  " + countdown.text(style: .plain)]
        }
      } catch {
        lines = [DDayScreen.message(of: error)]
        isError = true
      }
    }

    /// The rows it takes: its line and the result's lines.
    var height: Int { 1 + lines.count }

    /// Draws the line and the result from a row.
    func draw(into canvas: inout Canvas, row: Int) {
      let prompt = "calc "
      canvas.put(prompt, row: row, column: 0, style: CellStyle(bold: isFocused))
      let column = prompt.count
      field.draw(
        into: &canvas, row: row, column: column, width: max(canvas.width - column, 1),
        style: CellStyle(underline: isFocused), focused: isFocused)
      if field.text.isEmpty {
        canvas.put(
          isFocused
            ? "a date (2026-12-25, next friday, +100d), or b BIRTHDATE"
            : "c: a date → D-label and weekday · b BIRTHDATE → ages and days lived",
          row: row, column: column + (isFocused ? 1 : 0), style: CellStyle(dim: true))
      }
      for (index, line) in lines.enumerated() {
        canvas.put(line, row: row + 1 + index, column: 2, style: CellStyle(dim: isError))
      }
    }
  }
}
