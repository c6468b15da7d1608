import ToolboxCore
import ToolboxTerminal

extension DDayScreen {
  /// The add and edit form: a name field, a date field (any form `dday add` reads; a lunar
  /// `YYYY-MM-DD` with the lunar option) and the options of `dday add` (yearly, monthly, lunar, leap
  /// month), toggled by their letters on the options line.
  struct Form {
    /// What has the focus.
    enum Field: Int, CaseIterable {
      case name, date, options
    }

    /// The D-Day being edited, as stored; `nil` in the add form.
    let editing: SavedDDay?
    var name: TextField
    var date: TextField
    var repeats: Recurrence
    var isLunar: Bool
    var isLeap: Bool
    var focus = Field.name
    /// The date field's text as the form opened, and the leap option then: an edit that keeps both
    /// changes the calendar as `dday edit --lunar`/`--solar` without `--date` does (the same day).
    let originalDate: String
    let originalLeap: Bool

    /// The add form: empty, no options.
    init() {
      editing = nil
      name = TextField()
      date = TextField()
      repeats = .none
      isLunar = false
      isLeap = false
      originalDate = ""
      originalLeap = false
    }

    /// The edit form of a D-Day: its name, its date as stored (the lunar date of a lunar D-Day) and its
    /// options.
    init(editing event: SavedDDay) {
      editing = event
      name = TextField(event.name)
      date = TextField(event.schedule.storedDate)
      repeats = event.schedule.repeats
      isLunar = event.schedule.isLunar
      isLeap = event.schedule.lunarDate?.isLeapMonth ?? false
      originalDate = event.schedule.storedDate
      originalLeap = isLeap
    }

    /// Whether the date is to be read again: its text or its leap month changed.
    var dateChanged: Bool { date.text != originalDate || isLeap != originalLeap }

    /// The options, each with the key that toggles it: `y` yearly, `m` monthly, `l` lunar, `p` leap
    /// month (in the output language where dday has the words: 매년, 매월, 음력, 윤달).
    func options(isKorean: Bool) -> [(key: Character, name: String, isOn: Bool)] {
      [
        ("y", DDayLanguage.recurrence(.yearly, isKorean: isKorean) ?? "", repeats == .yearly),
        ("m", DDayLanguage.recurrence(.monthly, isKorean: isKorean) ?? "", repeats == .monthly),
        ("l", isKorean ? "음력" : "lunar", isLunar),
        ("p", isKorean ? "윤달" : "leap month", isLeap),
      ]
    }

    /// Toggles an option by its key. Yearly and monthly exclude each other; the leap month turns the
    /// lunar calendar on, and the Gregorian calendar turns the leap month off.
    ///
    /// - Returns: Whether the key is an option's.
    mutating func toggle(_ key: Character) -> Bool {
      switch key {
      case "y": repeats = repeats == .yearly ? .none : .yearly
      case "m": repeats = repeats == .monthly ? .none : .monthly
      case "l":
        isLunar.toggle()
        if !isLunar { isLeap = false }
      case "p":
        isLeap.toggle()
        if isLeap { isLunar = true }
      default: return false
      }
      return true
    }

    /// Moves the focus to the next field (`by` 1) or the previous one (-1), wrapping around.
    mutating func moveFocus(by step: Int) {
      let count = Field.allCases.count
      focus = Field(rawValue: ((focus.rawValue + step) % count + count) % count) ?? .name
    }

    /// Draws the form from the top of the canvas.
    func draw(into canvas: inout Canvas, isKorean: Bool) {
      let title = editing.map { "Edit #\($0.id)" } ?? "Add a D-Day"
      canvas.put(title, row: 0, column: 0, style: CellStyle(bold: true))
      let labelWidth = 9
      let fieldWidth = max(canvas.width - labelWidth - 2, 1)
      for (row, field, label) in [(2, Field.name, "Name"), (3, Field.date, "Date")] {
        canvas.put(focus == field ? ">" : " ", row: row, column: 0)
        canvas.put(label, row: row, column: 2)
        let text = field == .name ? name : date
        text.draw(
          into: &canvas, row: row, column: labelWidth, width: fieldWidth,
          style: CellStyle(underline: true), focused: focus == field)
      }
      canvas.put(
        isLunar
          ? "a lunar date YYYY-MM-DD (음력)"
          : "any date toolbox reads: 2026-12-25, 2026.12.25, 12월 25일, next friday, +3d",
        row: 4, column: labelWidth, style: CellStyle(dim: true))
      canvas.put(focus == .options ? ">" : " ", row: 6, column: 0)
      canvas.put("Options", row: 6, column: 2)
      var column = labelWidth
      for option in options(isKorean: isKorean) {
        column += canvas.put(
          "[\(option.isOn ? "x" : " ")] \(option.key) \(option.name)   ", row: 6, column: column,
          style: CellStyle(bold: option.isOn))
      }
      canvas.put(
        "↑/↓ next field · y m l p toggle on Options · Enter save · Esc cancel", row: 8, column: 2,
        style: CellStyle(dim: true))
    }
  }
}
