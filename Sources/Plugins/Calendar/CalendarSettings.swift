import ToolboxCore

/// The `tools.calendar` config section.
public struct CalendarSettings: ToolSettings {
  /// The default first day of the week.
  var weekStart: WeekStart = .sunday

  public init() {}

  public init(section: ConfigSection) throws(ConfigError) {
    try section.checkKeys(["weekStart"])
    if let value = try section.string("weekStart", oneOf: WeekStart.allCases.map(\.rawValue)) {
      weekStart = WeekStart(rawValue: value) ?? .sunday
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
