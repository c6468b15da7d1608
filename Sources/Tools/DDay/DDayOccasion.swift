import ToolboxCore

/// One day a saved D-Day brings: an occurrence of the event, or an anniversary of a one-off date.
struct DDayOccasion: Sendable, Equatable {
  /// What kind of day it is.
  enum Kind: String, Sendable, Encodable {
    /// The date itself, or a repeat of it.
    case occurrence
    /// A day anniversary (`100일`).
    case days
    /// A yearly anniversary of a one-off date (`1주년`).
    case years
  }

  let date: CivilDate
  let kind: Kind
  /// The number of days or years of an anniversary; `nil` for an occurrence.
  let n: Int?
  /// The anniversary's name (`100일`, `1st anniversary`), or the event's name for an occurrence.
  let name: String

  /// Where its kind goes among the days of one date: the occurrence, then a day anniversary, then a
  /// yearly one.
  var order: Int {
    switch kind {
    case .occurrence: 0
    case .days: 1
    case .years: 2
    }
  }
}
