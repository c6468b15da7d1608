import Testing
import ToolboxSync

/// The one three-way rule of every sync (``SyncDecision``), cell by cell of its table.
@Suite struct SyncDecisionTests {
  typealias Side = SyncDecision.Side

  @Test(arguments: [
    (Side.none, Side.none, SyncDecision.forget), (.none, .same, .addHere),
    (.none, .changed, .addHere), (.none, .deleted, .forget),
    (.same, .none, .createThere), (.same, .same, .inStep), (.same, .changed, .updateHere),
    (.same, .deleted, .removeHere),
    (.changed, .none, .createThere), (.changed, .same, .updateThere),
    (.changed, .changed, .merge(.changedOnBoth)), (.changed, .deleted, .restoreThere),
    (.deleted, .none, .forget), (.deleted, .same, .removeThere), (.deleted, .changed, .restoreHere),
    (.deleted, .deleted, .forget),
  ])
  func eachCellOfTheTableOfAKnownItem(here: Side, there: Side, decision: SyncDecision) {
    #expect(SyncDecision.decide(here: here, there: there, known: true) == decision)
  }

  @Test func anUnknownItemChangedOnBothSidesWasAddedToBoth() {
    #expect(
      SyncDecision.decide(here: .changed, there: .changed, known: false) == .merge(.addedToBoth))
    // Only the merge depends on whether the last sync knew the item.
    #expect(SyncDecision.decide(here: .changed, there: .none, known: false) == .createThere)
  }

  @Test func aChangeWinsOverADeletionOnEitherSide() {
    #expect(SyncDecision.decide(here: .deleted, there: .changed, known: true) == .restoreHere)
    #expect(SyncDecision.decide(here: .changed, there: .deleted, known: true) == .restoreThere)
  }
}
