import ToolboxCore

extension TodoTool {
  /// `toolbox todo projects` (todo.sh's `listproj`, `lsprj`; todo.sh's `lsp` is `listpri`).
  struct Projects: DeclaredCommand {
    static let commandName: String? = "projects"
    static let commandAliases = ["listproj", "lsprj"]
    static let about = CommandAbout(
      abstract: "List the tags (+projects) the tasks of the list use.",
      examples: ["toolbox todo projects"])
  }

  /// `toolbox todo contexts` (todo.sh's `listcon`, `lsc`).
  struct Contexts: DeclaredCommand {
    static let commandName: String? = "contexts"
    static let commandAliases = ["listcon", "lsc"]
    static let about = CommandAbout(
      abstract: "List the @contexts the tasks of the list use.",
      examples: ["toolbox todo contexts"])
  }

  func labels(contexts: Bool) throws -> CommandOutput {
    let names = try existingStore(forReading: true)?.labels(contexts: contexts) ?? []
    return .document(
      LabelsResult(
        key: contexts ? "contexts" : "tags", marker: contexts ? "@" : "+", names: names))
  }
}

extension TodoStore {
  /// The distinct tags or contexts of the tasks in the list (not the archive), sorted.
  func labels(contexts: Bool) throws -> [String] {
    try guarded {
      let column = contexts ? "contexts" : "tags"
      let statement = try connection.prepare(
        "SELECT DISTINCT \(column) FROM tasks WHERE archived = 0 AND \(column) != ''")
      var names: Set<String> = []
      while try statement.step() {
        for name in (statement.text(0) ?? "").split(separator: " ") { names.insert(String(name)) }
      }
      return names.sorted()
    }
  }
}
