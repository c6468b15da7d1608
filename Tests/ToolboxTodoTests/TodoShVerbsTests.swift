import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxTodo

/// todo.sh's verbs as todo.sh means them (issue 27); the comparison with todo.sh itself is
/// TodoShVerbsInteropTests.
@Suite struct TodoShVerbsTests {
  @Test func `a mistyped word is never answered with a destructive command`() throws {
    let harness = try TodoHarness()
    harness.add("Buy milk")
    // `rn`, `dn`, `archiv`, `clea`, `und` were answered with rm, done (do), archive, clear, undo.
    for word in ["rn", "dne", "archiv", "clea", "und", "replac"] {
      let result = harness.run("todo", word, "1")
      #expect(result.status == 64, "\(word)")
      for destructive in [
        "rm", "del", "remove", "done", "do", "clear", "archive", "undo", "replace",
      ] {
        #expect(!result.error.contains("did you mean '\(destructive)'"), "\(word): \(result.error)")
      }
    }
    #expect(try harness.allTasks()[0].done == false)
    // Harmless commands are still suggested.
    #expect(harness.run("todo", "lsit").error.contains("did you mean 'list'"))
    let destructive = TodoTool.commandNames.filter(\.isDestructive).compactMap(\.name)
    #expect(destructive == ["done", "rm", "replace", "clear", "archive", "undo"])
  }

  @Test func `dp and depri remove priorities in one change, p sets one`() throws {
    let harness = try TodoHarness()
    harness.add("(A) Buy milk", "(B) Pay rent", "Call mom")
    #expect(harness.run("todo", "p", "3", "c").output == "edited #3 \"Call mom\" (change 4)\n")
    let result = harness.run("todo", "dp", "1", "3")
    #expect(
      result.output == "edited #1 \"Buy milk\" (change 5)\nedited #3 \"Call mom\" (change 5)\n")
    #expect(try harness.allTasks().map(\.priority) == [nil, Priority("B"), nil])
    #expect(harness.run("todo", "depri", "1").output == "unchanged #1 \"Buy milk\"\n")
    #expect(harness.run("todo", "depri", "2", "9").status == 64)
    #expect(try harness.allTasks()[1].priority == Priority("B"))
    #expect(harness.run("todo", "undo").output.hasPrefix("undid change 5: depri #1, #3"))
    #expect(
      try harness.allTasks().map(\.priority) == [Priority("A"), Priority("B"), Priority("C")])
  }

  @Test func `replace makes the task what the words say, keeping priority and creation date`()
    throws
  {
    let harness = try TodoHarness()
    harness.add("(B) Buy milk +shop @town due:2026-12-09")
    let result = harness.run("todo", "replace", "1", "Buy oat milk +dairy t:2026-12-05")
    #expect(result.output == "replaced #1 \"Buy oat milk\" (change 2)\n")
    let task = try harness.allTasks()[0]
    #expect(task.priority == Priority("B"))
    #expect(task.tags == ["dairy"])
    #expect(task.contexts == [])
    #expect(task.due == nil)
    #expect(task.threshold == .test("2026-12-05"))
    _ = harness.run("todo", "replace", "1", "(A) Buy milk")
    #expect(try harness.allTasks()[0].priority == Priority("A"))
  }

  @Test func `addm adds a task a line in one change`() throws {
    let harness = try TodoHarness()
    let result = harness.run("todo", "addm", "Buy milk +shop\n\n(A) Call mom @phone\r\nPay rent")
    #expect(
      result.output
        == "added #1 \"Buy milk\" (change 1)\nadded #2 \"Call mom\" (change 1)\n"
        + "added #3 \"Pay rent\" (change 1)\n")
    #expect(try harness.allTasks()[1].priority == Priority("A"))
    // One bad line adds nothing.
    #expect(harness.run("todo", "addm", "Fine\nBad due:2026-02-30").status == 65)
    #expect(try harness.allTasks().count == 3)
    #expect(harness.run("todo", "undo").output.hasPrefix("undid change 1: addm #1, #2, #3"))
    #expect(try harness.allTasks().isEmpty)
  }

  @Test func `listpri, listall, listproj and listcon`() throws {
    let harness = try TodoHarness()
    harness.add("(B) Call mom @phone", "Pay rent +home", "(A) Buy milk +shop", "(C) Water plants")
    _ = harness.run("todo", "done", "2")
    _ = harness.run("todo", "archive")
    #expect(
      harness.run("todo", "listpri").output
        == "3 [ ] (A) Buy milk +shop\n1 [ ] (B) Call mom @phone\n4 [ ] (C) Water plants\n")
    #expect(harness.run("todo", "lsp", "a-b", "mom").output == "1 [ ] (B) Call mom @phone\n")
    #expect(harness.run("todo", "lsp", "C-B").output.split(separator: "\n").count == 2)
    #expect(harness.run("todo", "lsp", "Z").output == "No matching tasks.\n")
    let all = harness.run("todo", "lsa").output
    #expect(all.split(separator: "\n").count == 4)
    #expect(all.contains("2 [x]"))
    #expect(harness.run("todo", "listall", "rent").output.contains("Pay rent"))
    #expect(harness.run("todo", "listproj").output == "+shop\n")
    #expect(harness.run("todo", "listcon").output == "@phone\n")
  }

  @Test func `listfile numbers a todo.txt file's lines in todo.sh's order`() throws {
    let harness = try TodoHarness()
    var lines = (1...9).map { "2026-12-0\($0) task \($0)" }
    lines[4] = "(A) 2026-12-05 urgent"
    lines[6] = ""
    lines.append("x 2026-12-02 2026-12-01 done +home")
    let file = try harness.folder.write("done.txt", lines.joined(separator: "\n") + "\n")
    let output = harness.run("todo", "lf", file).output
    #expect(output.hasPrefix("05 (A) 2026-12-05 urgent\n01 2026-12-01 task 1\n"))
    #expect(output.hasSuffix("09 2026-12-09 task 9\n10 x 2026-12-02 2026-12-01 done +home\n"))
    #expect(!output.contains("07 "))
    #expect(
      harness.run("todo", "listfile", file, "HOME").output
        == "10 x 2026-12-02 2026-12-01 done +home\n")
    #expect(harness.run("todo", "lf", harness.folder.file("missing.txt")).status == 74)
    #expect(harness.run("todo", "lf").status == 64)
  }
}
