import ToolboxCore

/// What `export -o` wrote: `{"exported":12,"file":"tasks.json","format":"json"}`.
struct ExportResult: CommandResult {
  let exported: Int
  let file: String
  let format: String

  func text(style: TextStyle) -> String {
    "exported \(exported) \(exported == 1 ? "task" : "tasks") to '\(file)'"
  }
}
