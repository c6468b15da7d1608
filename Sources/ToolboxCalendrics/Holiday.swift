import ToolboxCore

/// A public holiday: a day off by law or by designation, with its names in the country's language and in
/// English.
public struct Holiday: Sendable, Hashable {
  /// Why the day is a holiday.
  public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
    /// On the same Gregorian month and day every year it is a holiday (삼일절, March 1).
    case fixed
    /// On a day of the lunar calendar, or a day next to one (설날 and the days before and after it).
    case lunar
    /// A day off in lieu of a holiday that fell on a weekend or on another holiday (대체공휴일).
    case substitute
    /// Designated for one year only: an election day or a temporary holiday (임시공휴일).
    case oneOff
  }

  /// The date.
  public let date: CivilDate
  /// The name in Korean (`어린이날`); substitutes name the holiday they replace (`대체공휴일(어린이날)`).
  public let nameKo: String
  /// The name in English (`Children's Day`, `Substitute holiday (Children's Day)`).
  public let nameEn: String
  /// Why the day is a holiday.
  public let kind: Kind

  /// Creates a holiday.
  ///
  /// - Parameters:
  ///   - date: The date.
  ///   - nameKo: The Korean name.
  ///   - nameEn: The English name.
  ///   - kind: Why the day is a holiday.
  public init(date: CivilDate, nameKo: String, nameEn: String, kind: Kind) {
    self.date = date
    self.nameKo = nameKo
    self.nameEn = nameEn
    self.kind = kind
  }
}
