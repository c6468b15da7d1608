import ToolboxCore

extension TodoTool {
  /// `toolbox todo undo`.
  enum Undo: CommandDeclaration {
    static let spec = CommandSpec(
      "undo",
      abstract: "Revert the last change; run it again to go further back.",
      discussion: """
        Every change (add, done, reopen, rm, edit, clear, import) is recorded in the store with the \
        previous state of the tasks it touched; undo restores them, with their ids. The last \
        \(TodoStore.undoDepth) changes can be undone. Nothing to undo is not an error.
        """,
      examples: ["toolbox todo undo"])
  }

  func undo() throws -> CommandOutput {
    return .document(UndoResult(undone: try existingStore()?.undo()))
  }
}
