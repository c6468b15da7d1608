/// Why one record of an import file was rejected.
struct ImportProblem: Error, Equatable {
  let message: String
  init(_ message: String) { self.message = message }
}
