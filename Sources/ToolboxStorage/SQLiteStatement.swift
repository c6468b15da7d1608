import CSQLite

/// A value bound to a statement parameter.
public enum SQLiteValue: Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)

  /// Text, or NULL for `nil`.
  public static func optional(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }

  /// An integer from `Int`.
  public static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
}

/// A compiled statement. Finalized when released.
public final class SQLiteStatement {
  @usableFromInline let handle: OpaquePointer
  private let connection: SQLiteConnection

  init(_ handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `values` to the parameters `?1`, `?2`, … (after a reset, so the statement can be reused).
  ///
  /// - Parameter values: One value per parameter.
  /// - Throws: ``SQLiteError``.
  public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32
      switch value {
      case .null: status = sqlite3_bind_null(handle, index)
      case .integer(let integer): status = sqlite3_bind_int64(handle, index, integer)
      case .real(let real): status = sqlite3_bind_double(handle, index, real)
      case .text(let text): status = sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
      }
      guard status == SQLITE_OK else { throw connection.error(status) }
    }
  }

  /// Advances to the next row.
  ///
  /// - Returns: `true` if a row is available, `false` when the statement is done.
  /// - Throws: ``SQLiteError``.
  public func step() throws(SQLiteError) -> Bool {
    let status = sqlite3_step(handle)
    switch status {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw connection.error(status)
    }
  }

  /// Runs the statement to completion with new parameter values (for statements reused in a loop).
  ///
  /// - Parameter values: The parameters.
  /// - Throws: ``SQLiteError``.
  public func run(_ values: [SQLiteValue]) throws(SQLiteError) {
    try bind(values)
    while try step() {}
  }

  /// Column `index` of the current row as an integer.
  public func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` of the current row as an integer.
  @inlinable public func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

  /// Column `index` of the current row as UTF-8 bytes (valid until the next step), or `nil` for NULL.
  ///
  /// - Parameters:
  ///   - index: The column.
  ///   - body: Reads the bytes.
  /// - Returns: What `body` returns, or `nil` for NULL.
  @inlinable public func withBytes<T>(
    _ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T
  )
    rethrows -> T?
  {
    guard let pointer = sqlite3_column_text(handle, index) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    return try body(UnsafeBufferPointer(start: pointer, count: count))
  }

  /// Column `index` of the current row as text, or `nil` for NULL.
  @inlinable public func text(_ index: Int32) -> String? {
    guard let pointer = sqlite3_column_text(handle, index) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(
      decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }
}
