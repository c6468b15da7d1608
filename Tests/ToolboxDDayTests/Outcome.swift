import ToolboxTestSupport

/// What a run wrote and returned, comparable with an expected value in one `#expect`.
struct Outcome: Equatable, CustomStringConvertible {
  let output: String
  let error: String
  let status: Int32

  init(output: String, error: String = "", status: Int32 = 0) {
    self.output = output
    self.error = error
    self.status = status
  }

  init(_ result: RunResult) {
    self.init(output: result.output, error: result.error, status: result.status)
  }

  /// Success with this standard output and nothing on standard error.
  static func ok(_ output: String) -> Outcome { Outcome(output: output) }

  var description: String {
    "status \(status), output \(output.debugDescription), error \(error.debugDescription)"
  }
}
