/// What kind of store a file is: the words messages use for it, the application id its SQLite header
/// carries, and its schema. Each tool that keeps data declares one (the todo list, the saved D-Days).
public struct StoreKind: Sendable, Equatable {
  /// The store's name in messages (`todo store`).
  public let noun: String
  /// `PRAGMA application_id`: a file whose header does not carry it is not this kind of store and is
  /// never opened for writing.
  public let applicationID: Int32
  /// How the user can point the tool at another file (`set tools.todo.store or TOOLBOX_TODO_STORE to
  /// another path`), for the message about a file that is not a store.
  public let relocationHint: String
  /// The schema, as ordered migrations.
  public let migrations: [Migration]

  /// Creates a kind of store.
  public init(noun: String, applicationID: Int32, relocationHint: String, migrations: [Migration]) {
    self.noun = noun
    self.applicationID = applicationID
    self.relocationHint = relocationHint
    self.migrations = migrations
  }

  /// One step of a schema: migration `n` (1-based) takes a store from `PRAGMA user_version` `n - 1` to `n`.
  ///
  /// A new store runs them all while it is created; an existing store with a lower `user_version` is first
  /// copied to `<store>.bak-<timestamp>`, then upgraded in one `BEGIN IMMEDIATE` transaction. Never edit a
  /// shipped migration: append a new one.
  public struct Migration: Sendable, Equatable {
    /// What the step does, for the record.
    public let summary: String
    /// The SQL statements.
    public let sql: String

    /// Creates a step.
    public init(summary: String, sql: String) {
      self.summary = summary
      self.sql = sql
    }
  }

  /// The same kind with another schema (tests add steps to exercise upgrades).
  public func with(migrations: [Migration]) -> StoreKind {
    StoreKind(
      noun: noun, applicationID: applicationID, relocationHint: relocationHint,
      migrations: migrations)
  }
}
