/// Why one record of an import file was rejected.
struct ImportProblem: Error, Equatable {
  let message: String
  /// The line of the input it is on, when it is more precise than the record's place (an iCalendar
  /// property's line inside a VTODO).
  let line: Int?
  init(_ message: String, line: Int? = nil) {
    self.message = message
    self.line = line
  }
}
