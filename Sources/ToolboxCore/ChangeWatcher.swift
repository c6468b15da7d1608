/// Watches data that a view keeps on screen (a tool's store), so that the view reads it again only when
/// it changed: `toolbox ui` asks once a second, and a question costs a `stat` and a pragma, not a read.
///
/// A watcher of a SQLite store holds a connection open and answers with `PRAGMA data_version`, which
/// changes when any other connection (another process, or another connection of this one) commits.
public protocol ChangeWatcher: AnyObject {
  /// A value that two calls return alike only when nothing changed in between, or `nil` when the
  /// watcher cannot tell (the data must then be read again).
  func changeToken() -> ChangeToken?
}

/// What a ``ChangeWatcher`` answers: equal tokens from one watcher mean the data did not change.
public struct ChangeToken: Hashable, Sendable {
  /// The counters and file identities it is made of.
  public var parts: [Int64]

  /// A token of these parts.
  public init(_ parts: [Int64]) { self.parts = parts }
}

/// Data that does not change while the process runs (holidays from tables), or no data at all.
public final class UnchangingData: ChangeWatcher {
  public init() {}

  /// Always the same token.
  public func changeToken() -> ChangeToken? { ChangeToken([]) }
}

/// Data that is not watched: every question says it may have changed.
public final class UnwatchedData: ChangeWatcher {
  public init() {}

  /// Always `nil`: read the data again.
  public func changeToken() -> ChangeToken? { nil }
}

/// The watchers of several sources as one: the token is theirs together, `nil` when one cannot tell. A
/// source whose watcher could not be made (its store cannot be opened yet) is tried again at each
/// question, and says `nil` until it can be made.
public final class CombinedChangeWatcher: ChangeWatcher {
  private var sources: [(make: () throws -> any ChangeWatcher, watcher: (any ChangeWatcher)?)]

  /// A watcher of sources, each made by a closure.
  ///
  /// - Parameter sources: The closures that make each source's watcher (they may throw).
  public init(_ sources: [() throws -> any ChangeWatcher]) {
    self.sources = sources.map { ($0, nil) }
  }

  public func changeToken() -> ChangeToken? {
    var parts: [Int64] = []
    var known = true
    for index in sources.indices {
      if sources[index].watcher == nil { sources[index].watcher = try? sources[index].make() }
      guard let token = sources[index].watcher?.changeToken() else {
        known = false
        continue
      }
      // Each source's parts after their count, so that two sources' parts cannot run together.
      parts.append(Int64(token.parts.count))
      parts += token.parts
    }
    return known ? ChangeToken(parts) : nil
  }
}
