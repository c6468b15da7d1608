import ToolboxCore

/// What can go wrong with a file being imported. (A store that cannot be used is a `StoreError`, shared
/// with the other tools that keep data.)
///
/// Argument mistakes (bad or unknown ids, priorities) are ``UsageError``s and bad dates ``DataError``s, as in
/// every tool.
enum TodoError: ToolboxError, Equatable {
  /// An import file that cannot be interpreted; nothing was imported (65).
  case invalidImport(source: String, location: String?, detail: String)
  /// A record `import --skip-invalid` left out (reported, exit 1).
  case skippedRecord(location: String, detail: String)
  /// Components of an iCalendar import that are not tasks (`2 VEVENTs skipped`), reported once; the tasks
  /// are imported (exit 1).
  case skippedComponents(source: String, detail: String)
  /// Date-times of an iCalendar import whose `TZID` neither the file nor the zone database describes:
  /// their dates were read as written; the tasks are imported (exit 1).
  case unknownTimeZones(source: String, zones: [String])

  var exitCode: ExitCode { .dataError }

  var code: String {
    switch self {
    case .invalidImport: "invalid_import"
    case .skippedRecord: "invalid_record"
    case .skippedComponents: "skipped_components"
    case .unknownTimeZones: "unknown_time_zone"
    }
  }

  var description: String {
    switch self {
    case .invalidImport(let source, let location, let detail):
      "cannot import '\(source)': " + (location.map { "\($0): " } ?? "") + detail
        + "; nothing was imported"
    case .skippedRecord(let location, let detail):
      "\(location): \(detail) (skipped)"
    case .skippedComponents(let source, let detail):
      "'\(source)': \(detail)"
    case .unknownTimeZones(let source, let zones):
      "'\(source)': "
        + (zones.count == 1 ? "time zone " : "time zones ")
        + zones.map { "'\($0)'" }.joined(separator: ", ")
        + " neither described in the file (VTIMEZONE) nor known by name: "
        + "their dates were read as written, in local time"
    }
  }
}
