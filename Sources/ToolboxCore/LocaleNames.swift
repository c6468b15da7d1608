/// The date names of one locale from the table generated from ICU (`LocaleNames+Table.swift`, written by
/// `scripts/generate-locale-names`): what ``DateNames``, the calendar's titles and ``DateOrder`` would read
/// from ICU, without loading ICU's data (about 1.5 ms, more than all of `cal`). `LocaleNamesTests` compares
/// the table with ICU for every locale.
///
/// Only plain identifiers are in the table (`de_DE`, `sr_Latn_RS`); one with keywords (`th_TH@numbers=thai`)
/// or a BCP 47 extension is read from ICU.
public struct LocaleNames: Sendable {
  /// The first day of the week.
  public let firstWeekday: Weekday
  /// The order of day and month in numeric dates.
  public let dateOrder: DateOrder
  /// Standalone full weekday names, Sunday first (`Sonntag`).
  public let weekdays: [String]
  /// Standalone full month names (`Januar`).
  public let months: [String]
  /// Short weekday names, Sunday first, as a date format writes them (`So.`).
  public let shortWeekdays: [String]
  /// Narrow standalone weekday names, Sunday first (`S`).
  public let narrowWeekdays: [String]
  private let monthTitles: [String]
  private let yearTemplate: String
  private let digits: [String]?

  /// The marker of the year in a title template.
  private static let yearMark: Character = "\u{1E}"

  /// The names of a locale, if the table has them.
  ///
  /// - Parameter identifier: An ICU locale identifier, as ``LocaleResolver`` normalizes them.
  public init?(_ identifier: String) {
    guard let index = Self.index(of: identifier) else { return nil }
    let entry = Int(Self.entryOfIdentifier[index])
    guard Self.entries.indices.contains(entry) else { return nil }
    self.init(entry: Self.entries[entry])
  }

  /// Whether ICU has data for the identifier (a plain one, without keywords).
  ///
  /// - Parameter identifier: An identifier such as ``LocaleResolver/baseIdentifier(_:)`` returns.
  /// - Returns: `true` if it is one of ICU's locales.
  public static func isAvailable(_ identifier: String) -> Bool {
    index(of: identifier) != nil
  }

  /// Every locale identifier ICU has data for.
  public static var availableIdentifiers: [String] { identifiers }

  /// The month-and-year title (`Januar 2022`, `2022年1月`).
  ///
  /// - Parameters:
  ///   - year: The year.
  ///   - month: The month, 1...12.
  /// - Returns: The title.
  public func monthTitle(year: Int, month: Int) -> String {
    fill(monthTitles.indices.contains(month - 1) ? monthTitles[month - 1] : yearTemplate, year)
  }

  /// The year title (`2022`, `2022年`).
  public func yearTitle(_ year: Int) -> String {
    fill(yearTemplate, year)
  }

  // MARK: - Reading the table

  private init?(entry: String) {
    let fields = entry.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 49, let first = Int(fields[0]), let weekday = Weekday(rawValue: first)
    else { return nil }
    firstWeekday = weekday
    switch fields[1] {
    case "d": dateOrder = .dayMonthYear
    case "y": dateOrder = .yearMonthDay
    default: dateOrder = .monthDayYear
    }
    digits = fields[2].isEmpty ? nil : fields[2].map { String($0) }
    guard digits == nil || digits?.count == 10 else { return nil }
    weekdays = Array(fields[3...9])
    months = Array(fields[10...21])
    shortWeekdays = Array(fields[22...28])
    narrowWeekdays = Array(fields[29...35])
    monthTitles = Array(fields[36...47])
    yearTemplate = fields[48]
  }

  private func fill(_ template: String, _ year: Int) -> String {
    var number = String(year)
    if let digits {
      number = number.map { digit in
        digit.wholeNumberValue.map { digits[$0] } ?? String(digit)
      }.joined()
    }
    var text = ""
    for character in template {
      if character == Self.yearMark { text += number } else { text.append(character) }
    }
    return text
  }

  /// The position of an identifier in the sorted ``identifiers``.
  private static func index(of identifier: String) -> Int? {
    var low = 0
    var high = identifiers.count
    while low < high {
      let middle = (low + high) / 2
      let candidate = identifiers[middle]
      if candidate == identifier { return middle }
      if candidate.utf8.lexicographicallyPrecedes(identifier.utf8) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return nil
  }
}
