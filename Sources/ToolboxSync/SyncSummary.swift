import ToolboxCore

/// What a `sync` of one collection target did, as every tool reports it: `synced 'tasks' (change 7):
/// list 1 added, 0 updated, 0 removed; folder 2 added, 0 updated, 1 removed; 1 conflict (see above)`
/// or `synced 'tasks': already in step`, and as JSON
/// `{"change":7,"conflicts":[…],"target":"tasks","toList":{…},"toTarget":{…}}`. The conflicts are each
/// one line on standard error (``Conflict``). The tool's words (what an item and its side are called)
/// come from ``Names``.
public struct SyncSummary: CommandResult {
  /// What the tool calls its items and its side of the sync.
  public struct Names: Sendable {
    /// An item by its id: `#3` (`""`) or `D-Day #3` (`"D-Day "`).
    public var itemPrefix: String
    /// An item without an id: `a task`.
    public var anItem: String
    /// The copy a conflict makes when it has no id yet: `a new task`.
    public var newItem: String
    /// The tool's side in the text summary: `list`.
    public var side: String
    /// Where a change was made on the tool's side: `in the list`, `here`.
    public var here: String
    /// Where an item was removed from on the tool's side: `from the list`, `here`.
    public var removedHere: String
    /// The JSON key of the counts of the tool's side: `toList`.
    public var countsKey: String
    /// Whether the tool's changes have ids (`change` in the text and the JSON).
    public var recordsChanges: Bool

    /// Creates the names.
    public init(
      itemPrefix: String, anItem: String, newItem: String, side: String, here: String,
      removedHere: String, countsKey: String, recordsChanges: Bool
    ) {
      self.itemPrefix = itemPrefix
      self.anItem = anItem
      self.newItem = newItem
      self.side = side
      self.here = here
      self.removedHere = removedHere
      self.countsKey = countsKey
      self.recordsChanges = recordsChanges
    }
  }

  /// One conflict, reported on standard error and listed in JSON (`copy`, `id`, `kind`, `uid`).
  public struct Conflict: Encodable, ToolboxError {
    let conflict: SyncConflict
    let target: String
    /// `calendar` or `folder`.
    let other: String
    let names: Names

    var id: Int? { conflict.key.flatMap { Int($0) } }
    var copy: Int? { conflict.copyKey.flatMap { Int($0) } }

    private enum CodingKeys: String, CodingKey { case copy, id, kind, uid }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(copy, forKey: .copy)
      try container.encode(id, forKey: .id)
      try container.encode(conflict.kind.rawValue, forKey: .kind)
      try container.encode(conflict.uid, forKey: .uid)
    }

    public var exitCode: ExitCode { .partialFailure }
    public var code: String { "sync_conflict" }
    public var description: String {
      let item = id.map { "\(names.itemPrefix)#\($0)" } ?? names.anItem
      let copy = copy.map { "\(names.itemPrefix)#\($0)" } ?? names.newItem
      switch conflict.kind {
      case .changedOnBoth:
        return
          "conflict: \(item) was changed \(names.here) and in '\(target)' since the last sync; "
          + "kept both (the \(other)'s version is \(copy))"
      case .changedInCollectionRemovedLocally:
        return "conflict: \(item) was removed \(names.removedHere) but changed in '\(target)'; "
          + "kept the \(other)'s version"
      case .removedFromCollectionChangedLocally:
        return "conflict: \(item) was removed from '\(target)' but changed \(names.here); "
          + "kept it and wrote it back to the \(other)"
      case .addedToBoth:
        return "conflict: \(item) and an item of '\(target)' have the same UID and other details; "
          + "kept both (the \(other)'s version is \(copy))"
      }
    }
  }

  /// The target as the user gave it.
  public let target: String
  /// The change the sync made on the tool's side (tools that record changes).
  public let change: Int64?
  public let toLocal: SyncReport.Counts
  public let toTarget: SyncReport.Counts
  public let conflicts: [Conflict]
  let names: Names
  /// `calendar` (a CalDAV URL) or `folder` (a vdir).
  let other: String

  /// The summary of a sync.
  ///
  /// - Parameters:
  ///   - target: The target as the user gave it.
  ///   - isCalendar: Whether it is a CalDAV URL (else a folder).
  ///   - change: The change the sync made on the tool's side, if any.
  ///   - report: What the engine did.
  ///   - names: The tool's words.
  public init(
    target: String, isCalendar: Bool, change: Int64? = nil, report: SyncReport, names: Names
  ) {
    self.target = target
    self.change = change
    self.names = names
    other = isCalendar ? "calendar" : "folder"
    toLocal = report.toLocal
    toTarget = report.toCollection
    conflicts = report.conflicts.map {
      Conflict(
        conflict: $0, target: target, other: isCalendar ? "calendar" : "folder", names: names)
    }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    if names.recordsChanges { try container.encode(change, forKey: Key("change")) }
    try container.encode(conflicts, forKey: Key("conflicts"))
    try container.encode(target, forKey: Key("target"))
    for (key, counts) in [(names.countsKey, toLocal), ("toTarget", toTarget)] {
      var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key(key))
      try nested.encode(counts.added, forKey: Key("added"))
      try nested.encode(counts.removed, forKey: Key("removed"))
      try nested.encode(counts.updated, forKey: Key("updated"))
    }
  }

  static func text(_ counts: SyncReport.Counts) -> String {
    "\(counts.added) added, \(counts.updated) updated, \(counts.removed) removed"
  }

  public func text(style: TextStyle) -> String {
    guard toLocal.total + toTarget.total + conflicts.count > 0 else {
      return "synced '\(target)': already in step"
    }
    var text =
      "synced '\(target)'\(change.map { " (change \($0))" } ?? ""): "
      + "\(names.side) \(Self.text(toLocal)); \(other) \(Self.text(toTarget))"
    if !conflicts.isEmpty {
      text += "; \(conflicts.count) \(conflicts.count == 1 ? "conflict" : "conflicts") (see above)"
    }
    return text
  }
}
