import ToolboxCore
import ToolboxSync

/// The two-way merge of `todo sync FILE`: the list (the store's tasks that are not archived), a todo.txt
/// file another client edits, and the **last-synced copy** of that file (``SyncState``), which says what
/// each side changed since the last sync.
///
/// **Identity.** The file carries no ids (todo.sh and topydo would not keep them), so file lines are
/// matched to the last-synced lines, whose store ids the copy keeps, in three steps, each line and each
/// entry at most once, in file order:
/// 1. the same task (the same todo.txt line once written by toolbox: ``TodoTxt/line(_:keepDonePriority:)``);
/// 2. the same text (the other client marked it done, changed its priority, dates or tags);
/// 3. the same creation date and at least half of the words of the text in common (the other client
///    edited the text); the most similar first, the same place in the file breaking ties.
///
/// A line that matches nothing was added in the file; an entry that no line matches was deleted there.
/// A line added in the file is linked to a task added to the list since the last sync (on the first sync:
/// any task) by `import --merge`'s rule: the same text, creation date (unless the line has none) and
/// tags, lowest id first.
///
/// **Changes.** A side changed a task when its todo.txt line differs from the last-synced one; what is
/// done then is ``SyncDecision``'s rule, the one every sync target (vdir, CalDAV) follows. Changed on
/// one side: the change goes to the other. Changed on both, differently: a **conflict** — both versions
/// are kept (the file's becomes a new task) and reported; so are a task changed on one side and deleted
/// on the other (the changed version is kept) and, when linking, a task added on both sides with the
/// same text but other details.
struct SyncPlan {
  /// One line of the file as read.
  struct FileLine {
    /// The 1-based line number.
    let number: Int
    /// The task it reads as.
    var task: NewTask
    /// The line as read (without its ending), written back unchanged while its task is unchanged.
    var raw: String? = nil
    /// How many blank lines came right before it.
    var blanksBefore = 0
  }

  /// One line of the file after the sync: a task of the store, or one of ``additions``.
  enum Item: Equatable {
    case task(Int)
    case added(Int)
  }

  /// A task changed on both sides (or changed on one and deleted on the other).
  struct Conflict {
    /// The engine's kinds (``SyncConflict/Kind``) in todo.txt sync's words (its JSON `kind`).
    enum Kind: String {
      case changedInBoth = "changed-in-both"
      case changedInFileRemovedFromList = "changed-in-file-removed-from-list"
      case removedFromFileChangedInList = "removed-from-file-changed-in-list"
      case addedToBoth = "added-to-both"

      init(_ kind: SyncConflict.Kind) {
        switch kind {
        case .changedOnBoth: self = .changedInBoth
        case .changedInCollectionRemovedLocally: self = .changedInFileRemovedFromList
        case .removedFromCollectionChangedLocally: self = .removedFromFileChangedInList
        case .addedToBoth: self = .addedToBoth
        }
      }
    }

    let kind: Kind
    /// The task in the store (for ``Kind/changedInFileRemovedFromList``, the id it had).
    let id: Int
    /// The index in ``SyncPlan/additions`` of the file's version kept as a new task.
    let copy: Int?
    /// The file line number, if the file still has the task.
    let line: Int?
    /// The file's version and the list's, as todo.txt lines (`nil` where deleted).
    let fileVersion: String?
    let listVersion: String?
  }

  /// Tasks of the store to rewrite with the file's version.
  var updates: [TodoTask] = []
  /// Whether ``updates`` are the other side's items as read (a collection's `VTODO`s): they then replace
  /// the task's UID and kept lines too, and leave it unchanged by toolbox (no newer `SEQUENCE` on export).
  var updatesAsRead = false
  /// Tasks to remove from the store (deleted in the file).
  var removals: [Int] = []
  /// Tasks to add to the store (added in the file, and the file's side of conflicts).
  var additions: [NewTask] = []
  /// The file after the sync, in order: the file's order, then what the list adds.
  var items: [Item] = []
  /// For each of ``items``, the index in the file (the `file` argument) of the line it came from, if
  /// the sync writes that line back **as it was read** (byte for byte: the other client's spelling,
  /// word order and missing dates are kept); `nil` where the file gets the list's line.
  var kept: [Int?] = []
  /// The index in the file of the line each of ``items`` stands at (`nil`: added at the end), so that
  /// blank lines stay where they were.
  var places: [Int?] = []
  var conflicts: [Conflict] = []
  /// How many of ``updates`` were done and archived by the other client (moved to `done.txt`).
  var archived = 0
  /// What the file gets from the list.
  var fileAdded = 0
  var fileUpdated = 0
  var fileRemoved = 0

  /// Whether the sync changes the file: a line is not written back as it was read (the list's version
  /// of a task, a task the file lacks), or a line of the file is dropped. A first sync of a file whose
  /// tasks the list has (or gets) in the same form changes nothing in it.
  var changesFile: Bool {
    kept.contains(nil) || Set(kept.compactMap { $0 }).count != fileLineCount
  }
  /// How many (non-blank) lines the file had.
  var fileLineCount = 0

  /// How many last-synced tasks of the same creation day step 3 compares with one unmatched line.
  static let maximumEditCandidates = 1000

  /// A task's todo.txt line, the form both sides are compared in.
  static func line(_ task: TodoTask) -> String { TodoTxt.line(task) }
  static func line(_ task: NewTask) -> String { TodoTxt.line(TodoTask(id: 0, task)) }

  /// Plans a sync.
  ///
  /// - Parameters:
  ///   - base: The last-synced entries (empty on the first sync).
  ///   - file: The file's tasks, in file order (blank lines left out).
  ///   - list: The store's tasks that are not archived.
  ///   - archive: The done tasks added to `done.txt` beside the file since the last sync (todo.sh and
  ///     topydo move done tasks there; ``isCompletion(_:of:)`` says which ones): a last-synced pending task
  ///     whose line is no longer in the file (a recurring one's next occurrence may stand in its place:
  ///     topydo's `do` adds it) and that one of them completes was completed and archived by the other
  ///     client, so it is marked done and archived in the store too, and its next occurrence, if any, is
  ///     a new task. A task deleted from the file with no such copy was deleted.
  /// - Returns: The plan.
  static func make(
    base: [SyncState.Entry], file: [FileLine], list: [TodoTask], archive: [NewTask] = []
  ) -> SyncPlan {
    var plan = SyncPlan()
    let archive = archive.filter(\.done)
    let baseTasks = base.map(\.task)
    var baseOf = [Int?](repeating: nil, count: file.count)
    var baseUsed = [Bool](repeating: false, count: base.count)
    var file = file

    // 1. The same line.
    var byLine: [String: [Int]] = [:]
    for (index, entry) in base.enumerated() { byLine[entry.line, default: []].append(index) }
    for index in file.indices {
      guard let candidates = byLine[line(file[index].task)],
        let match = candidates.first(where: { !baseUsed[$0] })
      else { continue }
      baseOf[index] = match
      baseUsed[match] = true
    }
    // Completed by the other client: a pending task whose line left the file and of which a done copy
    // was added to done.txt since the last sync. Matched before the text, so that the next occurrence
    // topydo adds for a recurring task is a new task, not an edit of the completed one.
    var completedBy = [Int?](repeating: nil, count: base.count)
    var copyUsed = [Bool](repeating: false, count: archive.count)
    for index in base.indices where !baseUsed[index] && !baseTasks[index].done {
      guard
        let position = archive.indices.first(where: {
          !copyUsed[$0] && isCompletion(archive[$0], of: baseTasks[index])
        })
      else { continue }
      copyUsed[position] = true
      completedBy[index] = position
      baseUsed[index] = true
    }
    // 2. The same text.
    var byText: [String: [Int]] = [:]
    for (index, task) in baseTasks.enumerated() where !baseUsed[index] {
      byText[task.text, default: []].append(index)
    }
    for index in file.indices where baseOf[index] == nil {
      guard let candidates = byText[file[index].task.text],
        let match = candidates.first(where: { !baseUsed[$0] })
      else { continue }
      baseOf[index] = match
      baseUsed[match] = true
    }
    // 3. The same creation date and half the words.
    // (At most `maximumEditCandidates` entries of the same day are compared with each line, so that a
    // file rewritten wholesale stays linear.)
    var byDay: [CivilDate: [Int]] = [:]
    for (index, task) in baseTasks.enumerated() where !baseUsed[index] {
      byDay[task.created, default: []].append(index)
    }
    for index in file.indices where baseOf[index] == nil && !file[index].task.createdIsDefault {
      var best: (index: Int, score: Double)?
      let candidates = (byDay[file[index].task.created] ?? []).lazy.filter { !baseUsed[$0] }
      for candidate in candidates.prefix(maximumEditCandidates) {
        let task = baseTasks[candidate]
        let similar = similarity(task.text, file[index].task.text)
        // The same place only breaks ties: a deleted line and one added in its place are two tasks.
        let score = similar + (candidate == index ? 0.001 : 0)
        if similar >= 0.5, score > (best?.score ?? 0) { best = (candidate, score) }
      }
      if let best {
        baseOf[index] = best.index
        baseUsed[best.index] = true
      }
    }
    // A line without a creation date keeps the one its task had (todo.sh writes none by default).
    for index in file.indices {
      if let match = baseOf[index], file[index].task.createdIsDefault {
        file[index].task.created = baseTasks[match].created
      }
    }

    var listByID: [Int: TodoTask] = [:]
    for task in list { listByID[task.id] = task }
    let baseIDs = Set(base.map(\.id))
    // Each item with whether the file's line is written back as it was read.
    var itemsAt = [[(item: Item, kept: Bool)]](repeating: [], count: file.count)
    var tail: [Item] = []
    var fileIndexOfBase = [Int?](repeating: nil, count: base.count)
    for (index, match) in baseOf.enumerated() {
      if let match { fileIndexOfBase[match] = index }
    }

    func add(_ task: NewTask) -> Int {
      var task = task
      task.id = nil
      task.archived = false
      plan.additions.append(task)
      return plan.additions.count - 1
    }

    // Each last-synced task, by the one three-way rule of every sync (SyncDecision): the list is the
    // tool's side, the file the target.
    for (baseIndex, entry) in base.enumerated() {
      let stored = listByID[entry.id]
      let storedLine = stored.map(line)
      let fileIndex = fileIndexOfBase[baseIndex]
      let fileTask = fileIndex.map { file[$0].task }
      let fileLine = fileTask.map(line)
      let here: SyncDecision.Side =
        stored == nil ? .deleted : storedLine != entry.line ? .changed : .same
      let there: SyncDecision.Side =
        fileIndex == nil ? .deleted : fileLine != entry.line ? .changed : .same
      let decision = SyncDecision.decide(here: here, there: there, known: true)
      switch decision {
      case .forget, .addHere, .createThere:
        // Only new items are added or created: the linking below.
        break
      case .restoreThere:
        guard let stored else { break }
        plan.conflicts.append(
          Conflict(
            kind: .init(.removedFromCollectionChangedLocally), id: stored.id, copy: nil, line: nil,
            fileVersion: nil, listVersion: storedLine))
        tail.append(.task(stored.id))
        plan.fileAdded += 1
      case .removeHere:
        guard let stored else { break }
        if let position = completedBy[baseIndex] {
          var copy = archive[position]
          // A done line without a creation date (todo.sh's default) keeps the task's.
          if copy.createdIsDefault { copy.created = stored.created }
          var task = merged(stored, copy)
          task.archived = true
          plan.updates.append(task)
          plan.archived += 1
        } else {
          plan.removals.append(stored.id)
        }
      case .restoreHere:
        guard let fileIndex, let fileTask else { break }
        let copy = add(fileTask)
        plan.conflicts.append(
          Conflict(
            kind: .init(.changedInCollectionRemovedLocally), id: entry.id, copy: copy,
            line: file[fileIndex].number, fileVersion: fileLine, listVersion: nil))
        itemsAt[fileIndex].append((.added(copy), true))
      case .removeThere:
        plan.fileRemoved += 1
      case .updateHere:
        guard let fileIndex, let fileTask, let stored else { break }
        itemsAt[fileIndex].append((.task(stored.id), true))
        plan.updates.append(merged(stored, fileTask))
      case .updateThere:
        guard let fileIndex, let stored else { break }
        itemsAt[fileIndex].append((.task(stored.id), false))
        plan.fileUpdated += 1
      case .merge(let kind):
        guard let fileIndex, let fileTask, let stored else { break }
        if fileLine != storedLine {
          itemsAt[fileIndex].append((.task(stored.id), false))
          let copy = add(fileTask)
          plan.conflicts.append(
            Conflict(
              kind: .init(kind), id: stored.id, copy: copy, line: file[fileIndex].number,
              fileVersion: fileLine, listVersion: storedLine))
          itemsAt[fileIndex].append((.added(copy), true))
        } else {
          itemsAt[fileIndex].append((.task(stored.id), true))
        }
      case .inStep:
        guard let fileIndex, let stored else { break }
        itemsAt[fileIndex].append((.task(stored.id), true))
      }
    }

    // Lines added in the file: linked to a task added to the list by import --merge's rule, else added.
    let newInList = list.filter { !baseIDs.contains($0.id) }
    var newByText: [String: [Int]] = [:]
    for (position, task) in newInList.enumerated() {
      newByText[task.text, default: []].append(position)
    }
    var linked = [Bool](repeating: false, count: newInList.count)
    for index in file.indices where baseOf[index] == nil {
      let task = file[index].task
      if let position = newByText[task.text]?.first(where: {
        !linked[$0] && (task.createdIsDefault || newInList[$0].created == task.created)
          && Set(newInList[$0].tags) == Set(task.tags)
      }) {
        linked[position] = true
        let stored = newInList[position]
        var version = task
        if task.createdIsDefault { version.created = stored.created }
        // New on both sides: merged by the same rule (added to both when they differ).
        if case .merge(let kind) = SyncDecision.decide(
          here: .changed, there: .changed, known: false),
          line(version) != line(stored)
        {
          itemsAt[index].append((.task(stored.id), false))
          let copy = add(version)
          plan.conflicts.append(
            Conflict(
              kind: .init(kind), id: stored.id, copy: copy, line: file[index].number,
              fileVersion: line(version), listVersion: line(stored)))
          itemsAt[index].append((.added(copy), true))
        } else {
          itemsAt[index].append((.task(stored.id), true))
        }
      } else {
        itemsAt[index].append((.added(add(task)), true))
      }
    }
    for (position, task) in newInList.enumerated() where !linked[position] {
      tail.append(.task(task.id))
      plan.fileAdded += 1
    }
    for (index, items) in itemsAt.enumerated() {
      for entry in items {
        plan.items.append(entry.item)
        plan.kept.append(entry.kept ? index : nil)
        plan.places.append(index)
      }
    }
    plan.items += tail
    plan.kept += [Int?](repeating: nil, count: tail.count)
    plan.places += [Int?](repeating: nil, count: tail.count)
    plan.fileLineCount = file.count
    return plan
  }

  /// Whether a done copy from done.txt is the completion of a last-synced pending task: what todo.sh's
  /// and topydo's `do` make of its line (`x`, the completion date, the line without its priority), so
  /// the same text, projects, contexts, `due:`, `t:`, `rec:` and `h:1`, the same creation date unless
  /// the done line has none (``NewTask/createdIsDefault``: todo.sh writes none without `-t`), and a
  /// completion date not before the task was created.
  static func isCompletion(_ copy: NewTask, of task: NewTask) -> Bool {
    copy.text == task.text && Set(copy.tags) == Set(task.tags)
      && Set(copy.contexts) == Set(task.contexts) && copy.due == task.due
      && copy.threshold == task.threshold && copy.recurrence == task.recurrence
      && copy.hidden == task.hidden && (copy.createdIsDefault || copy.created == task.created)
      && (copy.completed.map { $0 >= task.created } ?? true)
  }

  /// The stored task with the file's version of every field; the id and archive flag stay, and so does
  /// the priority of a task the file shows done without one (todo.sh drops it when a task is done).
  static func merged(_ stored: TodoTask, _ file: NewTask) -> TodoTask {
    var task = TodoTask(id: stored.id, file)
    task.archived = stored.archived
    if task.done, task.priority == nil { task.priority = stored.priority }
    return task
  }

  /// The share of words two texts have in common (Jaccard index of their word sets, ignoring case).
  static func similarity(_ first: String, _ second: String) -> Double {
    let a = Set(TodoTxt.words(first.lowercased()))
    let b = Set(TodoTxt.words(second.lowercased()))
    let union = a.union(b).count
    guard union > 0 else { return 0 }
    return Double(a.intersection(b).count) / Double(union)
  }
}

/// The last-synced copy of a file, kept beside the store: `<store>.sync/<hash>.txt`, where `<hash>` is
/// 16 hexadecimal digits of the file's absolute path (FNV-1a, 64 bits). Its first line names the file
/// (`# toolbox todo sync /home/me/todo.txt`); each other line is a store id, a space, and the task's
/// todo.txt line as the sync wrote it to the file.
struct SyncState {
  struct Entry {
    let id: Int
    let line: String
    let task: NewTask
  }

  /// The largest state file read: 256 MiB.
  static let maximumSize = 1 << 28

  /// Where the state of `file` (an absolute path) is kept for the store at `store`.
  static func path(store: String, file: String) -> String {
    store + ".sync/" + hexadecimal(fnv1a(Array(file.utf8))) + ".txt"
  }

  /// FNV-1a, 64 bits, and its 16 hexadecimal digits: the sync state's (``CollectionSyncState``).
  static func fnv1a(_ bytes: [UInt8]) -> UInt64 { CollectionSyncState.fnv1a(bytes) }
  static func hexadecimal(_ value: UInt64) -> String { CollectionSyncState.hexadecimal(value) }

  /// Reads a state file's entries.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - path: Its path, for errors.
  /// - Returns: The entries.
  /// - Throws: ``DataError`` (65) for a state file that is not one (it names the file to delete).
  static func entries(_ bytes: [UInt8], path: String) throws(DataError) -> [Entry] {
    func damaged(_ detail: String) -> DataError {
      DataError(
        "the sync state '\(path)' is damaged (\(detail)); delete it to sync as for the first time",
        code: "invalid_sync_state")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw damaged("it is not UTF-8 text")
    }
    var entries: [Entry] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated()
    where !line.hasPrefix("#") {
      guard let space = line.firstIndex(of: " "), let id = Int(line[..<space]), id > 0 else {
        throw damaged("line \(number + 1) has no task id")
      }
      let body = String(line[line.index(after: space)...])
      do {
        // Created dates are always written, so `today` is never used.
        // Leniently, as the file is read: a line kept with words in its text reads back the same.
        entries.append(
          Entry(id: id, line: body, task: try TodoTxt.task(body, today: .minimum) { _ in }))
      } catch {
        throw damaged("line \(number + 1): \(error.message)")
      }
    }
    return entries
  }

  /// The change ids of the syncs that changed the list with this file, newest first (the header line
  /// `# changes 17 12`): `undo` of one of them moves this copy back with the list (``undone(_:restored:)``).
  static func changes(_ bytes: [UInt8]) -> [Int64] {
    let prefix = "# changes "
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      guard line.hasPrefix("#") else { break }
      if line.hasPrefix(prefix) {
        return line.dropFirst(prefix.count).split(separator: " ").compactMap { Int64($0) }
      }
    }
    return []
  }

  /// The entries after `undo` reverted a sync made with this file, so that the next sync sees the file's
  /// side of it as the file's changes again and brings them back (instead of reading the list's
  /// reverted state as the list's changes, which would delete the file's new tasks and undo its edits):
  /// a task the sync added is no longer last-synced (the file's line is new again); a task the sync
  /// updated or removed is last-synced as the undo restored it (the file's line, or its absence, is a
  /// change again).
  ///
  /// - Parameters:
  ///   - entries: The entries.
  ///   - created: The tasks the undone sync added (the undo removed them).
  ///   - restored: The tasks the undone sync updated or removed, as the undo restored them.
  /// - Returns: The entries.
  static func undone(
    _ entries: [(id: Int, line: String)], created: Set<Int>, restored: [TodoTask]
  ) -> [(id: Int, line: String)] {
    var restoredByID: [Int: TodoTask] = [:]
    for task in restored where !task.archived { restoredByID[task.id] = task }
    var result: [(id: Int, line: String)] = []
    for entry in entries where !created.contains(entry.id) {
      if let task = restoredByID.removeValue(forKey: entry.id) {
        result.append((entry.id, SyncPlan.line(task)))
      } else if !restored.contains(where: { $0.id == entry.id }) {
        result.append(entry)
      }
    }
    for task in restored where restoredByID[task.id] != nil {
      result.append((task.id, SyncPlan.line(task)))
    }
    return result
  }

  /// How much of `done.txt` beside the file the last sync read (`# done SIZE HASH`: its size and the
  /// FNV-1a of its bytes): todo.sh and topydo append to it, so the lines after that many bytes, when the
  /// bytes before are unchanged, are the tasks completed and archived since (``freshDone(_:mark:)``).
  struct DoneMark: Equatable {
    let size: Int
    let hash: UInt64

    init(_ bytes: [UInt8]) {
      size = bytes.count
      hash = SyncState.fnv1a(bytes)
    }

    init(size: Int, hash: UInt64) {
      self.size = size
      self.hash = hash
    }
  }

  /// The `# done` line of a state file.
  static func doneMark(_ bytes: [UInt8]) -> DoneMark? {
    let prefix = "# done "
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      guard line.hasPrefix("#") else { break }
      guard line.hasPrefix(prefix) else { continue }
      let parts = line.dropFirst(prefix.count).split(separator: " ")
      guard parts.count == 2, let size = Int(parts[0]), size >= 0,
        let hash = UInt64(parts[1], radix: 16)
      else { return nil }
      return DoneMark(size: size, hash: hash)
    }
    return nil
  }

  /// The part of done.txt written since the mark: what follows the marked bytes when they are unchanged;
  /// all of it when there is no mark (a first sync, or a copy from an older toolbox) or done.txt was
  /// rewritten otherwise than by appending.
  static func freshDone(_ bytes: [UInt8], mark: DoneMark?) -> ArraySlice<UInt8> {
    guard let mark, mark.size <= bytes.count,
      DoneMark(Array(bytes[..<mark.size])) == mark
    else { return bytes[...] }
    return bytes[mark.size...]
  }

  /// A state file's text.
  static func text(
    file: String, entries: [(id: Int, line: String)], changes: [Int64] = [], done: DoneMark? = nil
  ) -> String {
    var text = "# toolbox todo sync \(file)\n"
    if !changes.isEmpty {
      text += "# changes " + changes.map(String.init).joined(separator: " ") + "\n"
    }
    if let done { text += "# done \(done.size) \(hexadecimal(done.hash))\n" }
    for entry in entries { text += "\(entry.id) \(entry.line)\n" }
    return text
  }
}
