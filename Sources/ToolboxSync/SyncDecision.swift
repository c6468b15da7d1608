/// The one three-way decision every sync makes, whatever the target (a CalDAV calendar, a vdir folder,
/// a todo.txt file): given how an item stands on the tool's side and on the target's, each against the
/// last sync, what to do with it. The targets differ only in how they tell which items are the same
/// (identity: the `UID` for a collection, line matching for a todo.txt file) and how they write; the
/// rules are here, once:
///
/// | tool's side \ target's | none | same | changed | deleted |
/// | --- | --- | --- | --- | --- |
/// | none | forget | add here | add here | forget |
/// | same | create there | in step | update here | remove here |
/// | changed | create there | update there | merge | conflict: create there again |
/// | deleted | forget | remove there | conflict: add here again | forget |
///
/// *merge*: the same content on both sides is in step; other content is kept twice (a conflict: the
/// tool's version under the item's identity, the target's as a new item on both sides), `added-to-both`
/// when the last sync did not know the item, else `changed-on-both`. A change on one side wins over a
/// deletion on the other (the item comes back, reported as a conflict).
public enum SyncDecision: Equatable, Sendable {
  /// How an item stands on one side, against the last sync.
  public enum Side: Sendable {
    /// Not there, and not there at the last sync either.
    case none
    /// As at the last sync.
    case same
    /// Changed since the last sync (or new, for an item the last sync did not know).
    case changed
    /// There at the last sync, gone now.
    case deleted
  }

  /// Nothing to do.
  case inStep
  /// Gone from both sides: the last sync's record of it goes.
  case forget
  /// New on the target (or changed there while the tool never had it): add it on the tool's side.
  case addHere
  /// Changed on the target only: the tool's side takes the target's version.
  case updateHere
  /// Deleted on the target, unchanged on the tool's side: remove it there too.
  case removeHere
  /// Deleted on the tool's side, changed on the target: the target's version comes back on the tool's
  /// side (``SyncConflict/Kind/changedInCollectionRemovedLocally``).
  case restoreHere
  /// New on the tool's side: create it on the target.
  case createThere
  /// Changed on the tool's side only: the target takes the tool's version.
  case updateThere
  /// Deleted on the tool's side, unchanged on the target: delete it there too.
  case removeThere
  /// Deleted on the target, changed on the tool's side: the tool's version is written back to the
  /// target (``SyncConflict/Kind/removedFromCollectionChangedLocally``).
  case restoreThere
  /// Changed on both sides: in step if the contents are the same, else kept twice with this kind.
  case merge(SyncConflict.Kind)

  /// The decision for an item.
  ///
  /// - Parameters:
  ///   - here: How it stands on the tool's side.
  ///   - there: How it stands on the target.
  ///   - known: Whether the last sync knew the item (an unknown item changed on both sides was added to
  ///     both).
  public static func decide(here: Side, there: Side, known: Bool) -> SyncDecision {
    switch (here, there) {
    case (.same, .same): .inStep
    case (.none, .none), (.none, .deleted), (.deleted, .none), (.deleted, .deleted): .forget
    case (.none, .same), (.none, .changed): .addHere
    case (.same, .changed): .updateHere
    case (.same, .deleted): .removeHere
    case (.deleted, .changed): .restoreHere
    case (.same, .none), (.changed, .none): .createThere
    case (.changed, .same): .updateThere
    case (.deleted, .same): .removeThere
    case (.changed, .deleted): .restoreThere
    case (.changed, .changed): .merge(known ? .changedOnBoth : .addedToBoth)
    }
  }
}
