import ToolboxCore

/// A store that cannot be used, in words that say what to do about it.
public enum StoreError: ToolboxError, Equatable {
  /// Another process kept the store locked past the busy timeout (74).
  case busy(StoreKind, path: String, milliseconds: Int32)
  /// The file is not a store of this kind; it was not touched (65).
  case notAStore(StoreKind, path: String, reason: String)
  /// SQLite says the store is damaged (65).
  case corrupt(StoreKind, path: String, detail: String)
  /// The store's schema is newer than this toolbox (65).
  case tooNew(StoreKind, path: String, version: Int, supported: Int)
  /// The store cannot be read or written (74): a full disk, permissions, a read-only file system.
  case failed(StoreKind, path: String, detail: String)

  public var exitCode: ExitCode {
    switch self {
    case .busy, .failed: .ioError
    case .notAStore, .corrupt, .tooNew: .dataError
    }
  }

  public var code: String {
    switch self {
    case .busy: "store_busy"
    case .notAStore: "not_a_store"
    case .corrupt: "corrupt_store"
    case .tooNew: "store_too_new"
    case .failed: "store_error"
    }
  }

  public var description: String {
    switch self {
    case .busy(_, let path, let milliseconds):
      "store is busy: another process kept '\(path)' locked for more than \(milliseconds) ms; try again"
    case .notAStore(let kind, let path, let reason):
      "'\(path)' is not a toolbox \(kind.noun) (\(reason)); it was left unchanged: move it away or "
        + kind.relocationHint
    case .corrupt(let kind, let path, let detail):
      "the \(kind.noun) '\(path)' is damaged (\(detail)); it was left unchanged"
    case .tooNew(let kind, let path, let version, let supported):
      "the \(kind.noun) '\(path)' has schema version \(version), newer than this toolbox knows "
        + "(\(supported)); upgrade toolbox"
    case .failed(let kind, let path, let detail):
      "cannot use the \(kind.noun) '\(path)': \(detail)"
    }
  }
}
