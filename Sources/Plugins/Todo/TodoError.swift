import ToolboxCore

/// What can go wrong with the todo store or a file being imported.
///
/// Argument mistakes (bad or unknown ids, priorities) are ``UsageError``s and bad dates ``DataError``s, as in
/// every tool; this enum covers the store and imports.
enum TodoError: ToolboxError, Equatable {
  /// Another process held the store's write lock for longer than the busy timeout (74).
  case storeBusy(path: String, milliseconds: Int32)
  /// The file at the store path is not a toolbox todo store; it is never modified (65).
  case notAStore(path: String, reason: String)
  /// SQLite found the store damaged (65).
  case corruptStore(path: String, detail: String)
  /// The store was written by a newer toolbox with a schema this one does not know (65).
  case storeTooNew(path: String, version: Int, supported: Int)
  /// The store or its folder cannot be read, created or written (74).
  case storeFailed(path: String, detail: String)
  /// An import file that cannot be interpreted; nothing was imported (65).
  case invalidImport(source: String, location: String?, detail: String)

  var exitCode: ExitCode {
    switch self {
    case .storeBusy, .storeFailed: .ioError
    case .notAStore, .corruptStore, .storeTooNew, .invalidImport: .dataError
    }
  }

  var code: String {
    switch self {
    case .storeBusy: "store_busy"
    case .notAStore: "not_a_store"
    case .corruptStore: "corrupt_store"
    case .storeTooNew: "store_too_new"
    case .storeFailed: "store_error"
    case .invalidImport: "invalid_import"
    }
  }

  var description: String {
    switch self {
    case .storeBusy(let path, let milliseconds):
      "store is busy: another process kept '\(path)' locked for more than \(milliseconds) ms; try again"
    case .notAStore(let path, let reason):
      "'\(path)' is not a toolbox todo store (\(reason)); it was left unchanged: move it away or "
        + "set tools.todo.store or TOOLBOX_TODO_STORE to another path"
    case .corruptStore(let path, let detail):
      "the todo store '\(path)' is damaged (\(detail)); it was left unchanged"
    case .storeTooNew(let path, let version, let supported):
      "the todo store '\(path)' has schema version \(version), newer than this toolbox knows "
        + "(\(supported)); upgrade toolbox"
    case .storeFailed(let path, let detail):
      "cannot use the todo store '\(path)': \(detail)"
    case .invalidImport(let source, let location, let detail):
      "cannot import '\(source)': " + (location.map { "\($0): " } ?? "") + detail
        + "; nothing was imported"
    }
  }
}
