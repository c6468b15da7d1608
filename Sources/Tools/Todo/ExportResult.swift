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

/// What `archive` did: `{"archived":3,"change":9}`.
struct ArchiveResult: CommandResult {
  let archived: Int
  let change: Int64?

  private enum CodingKeys: String, CodingKey { case archived, change }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(archived, forKey: .archived)
    try container.encode(change, forKey: .change)
  }

  func text(style: TextStyle) -> String {
    guard archived > 0 else { return "no done tasks to archive" }
    return "archived \(archived) done \(archived == 1 ? "task" : "tasks")" + changeSuffix(change)
  }
}

/// The tags (`projects`, `lsp`) or contexts (`contexts`, `lsc`) in use: `+name` / `@name` lines, or
/// `{"tags":[…]}` / `{"contexts":[…]}`.
struct LabelsResult: CommandResult {
  let key: String
  let marker: String
  let names: [String]

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(names, forKey: Key(stringValue: key))
  }

  func text(style: TextStyle) -> String {
    names.map { marker + $0 }.joined(separator: "\n")
  }
}
