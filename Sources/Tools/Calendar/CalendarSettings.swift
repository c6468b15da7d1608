import ToolboxCalendrics
import ToolboxCore

/// The `tools.calendar` config section.
public struct CalendarSettings: ToolSettings {
  /// The default first day of the week.
  var weekStart: WeekStart = .sunday
  /// The country whose public holidays the calendar marks and lists (`"KR"`); `null` or absent: none.
  var holidays: String?

  public init() {}

  public init(section: ConfigSection) throws(ConfigError) {
    try section.checkKeys(["weekStart", "holidays"])
    if let value = try section.string("weekStart", oneOf: WeekStart.allCases.map { $0.rawValue }) {
      weekStart = WeekStart(rawValue: value) ?? .sunday
    }
    if section["holidays"] != .null, let value = try section.string("holidays") {
      guard let calendar = HolidayCalendars.calendar(forCountry: value) else {
        throw section.invalidValue(
          "holidays",
          "has unknown country '\(value)' (known: "
            + HolidayCalendars.all.map { $0.countryCode }.joined(separator: ", ") + ")")
      }
      holidays = calendar.countryCode
    }
  }
}

/// Which day starts the week in a calendar grid.
enum WeekStart: String, ArgumentChoice {
  case sunday, monday
  /// The locale's own first weekday (Monday in most of Europe, Saturday in much of the Arab world).
  case locale

  static let aliases: [String: WeekStart] = ["sun": .sunday, "mon": .monday]
}
