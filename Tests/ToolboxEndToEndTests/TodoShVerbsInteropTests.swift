import Foundation
import Testing

/// todo.sh's verbs mean in toolbox what they mean in todo.sh (issue 27): the examples of todo.sh's own
/// help (`add`, `a`, `addm`, `append`, `app`, `prepend`, `prep`, `pri`, `p`, `depri`, `dp`, `replace`,
/// `do`, `list`, `ls`, `listall`, `lsa`, `listpri`, `lsp`, `listproj`, `lsprj`, `listcon`, `lsc`,
/// `archive`, `listfile`, `lf`) run against todo.sh on one todo.txt and against toolbox on a list synced
/// with a copy of it: the same tasks, in the same order, under the same numbers. toolbox lists in
/// todo.sh's order with `--sort line` (its default is id order: docs/todo.md says why).
@Suite struct TodoShVerbsInteropTests {
  /// One task as both sides show it: its number (todo.sh's line, toolbox's id), and its fields.
  struct Shown: Equatable, CustomStringConvertible {
    let number: Int?
    let done: Bool
    let priority: String?
    let text: String
    let tags: [String]
    let contexts: [String]

    init(number: Int?, _ task: [String: Any]) {
      self.number = number
      done = task["done"] as? Bool ?? false
      priority = task["priority"] as? String
      text = task["text"] as? String ?? ""
      tags = (task["tags"] as? [String] ?? []).sorted()
      contexts = (task["contexts"] as? [String] ?? []).sorted()
    }

    var description: String {
      "\(number.map(String.init) ?? "-") \(done ? "x " : "")\(priority.map { "(\($0)) " } ?? "")"
        + "\(text) \(tags.map { "+" + $0 }) \(contexts.map { "@" + $0 })"
    }
  }

  @Test(.enabled(if: TodoInteropTests.todoSh != nil, "needs todo.sh (apt-get install todotxt-cli)"))
  func `todo.sh's help examples give the same tasks in the same order in toolbox`() throws {
    let sandbox = try TodoSandbox()
    let executable = try #require(TodoInteropTests.todoSh)
    let initial = """
      (B) 2026-12-02 Call mom +family @phone
      2026-12-02 Pay rent +home
      2026-12-02 Water plants @home

      """
    // todo.sh's file, and a copy the list syncs with (the list's ids are then todo.sh's line numbers).
    let file = try sandbox.write("todo.txt", initial)
    try TodoInteropTests.writeTodoShConfig(sandbox)
    let copy = try sandbox.write("toolbox/todo.txt", initial)
    #expect(try sandbox.run("todo", "sync", copy).status == 0)
    // todo.sh's `-t` dates new tasks with `date`: today is toolbox's today (2026-12-02) for both.
    let fakeDate = try sandbox.write("bin/date", "#!/bin/sh\nexec /bin/date -d 2026-12-02 \"$@\"\n")
    #expect(chmod(fakeDate, 0o755) == 0)
    var environment = sandbox.environment
    environment["TERM"] = "dumb"
    environment["PATH"] = sandbox.folder + "/bin:/usr/bin:/bin"
    let options = ["-d", sandbox.folder + "/todo.cfg", "-p", "-f", "-t"]

    func todoSh(_ words: [String]) throws -> String {
      let result = try Toolbox.run(
        options + words, environment: environment, executable: executable, directory: sandbox.folder
      )
      #expect(result.status == 0, "todo.sh \(words): \(result.error)")
      return result.output
    }
    func toolbox(_ words: [String]) throws -> String {
      let result = try sandbox.run(["todo"] + words)
      #expect(result.status == 0, "toolbox todo \(words): \(result.error)")
      return result.output
    }
    /// todo.txt lines as toolbox reads them (an import's dry run into a store that does not exist).
    func parsed(_ lines: [String]) throws -> [[String: Any]] {
      guard !lines.isEmpty else { return [] }
      let path = try sandbox.write("parse.txt", lines.joined(separator: "\n") + "\n")
      var scratch = sandbox.environment
      scratch["TOOLBOX_TODO_STORE"] = sandbox.folder + "/scratch/none.sqlite3"
      let result = try Toolbox.run(
        ["--json", "todo", "import", path, "--dry-run"], environment: scratch)
      #expect(result.status == 0, "\(result.error)")
      let object =
        try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
      return object?["tasks"] as? [[String: Any]] ?? []
    }
    /// What a listing verb shows: todo.sh's `NN line`s up to its `--` footer, toolbox's JSON tasks.
    func compare(_ words: [String], numbers: Bool = true) throws {
      let lines = try todoSh(words).split(separator: "\n").map(String.init)
        .prefix { $0 != "--" }
      let numbered = lines.map { line -> (Int?, String) in
        let number = line.prefix { $0 != " " }
        return (Int(number), String(line.dropFirst(number.count + 1)))
      }
      let theirs = zip(numbered, try parsed(numbered.map { $0.1 })).map { entry, task in
        Shown(number: numbers ? entry.0 : nil, task)
      }
      let json = try sandbox.run(["--json", "todo"] + words + ["--sort", "line"])
      #expect(json.status == 0, "toolbox todo \(words): \(json.error)")
      let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
      let ours = (object?["tasks"] as? [[String: Any]] ?? []).map { task in
        Shown(number: numbers ? task["id"] as? Int : nil, task)
      }
      #expect(ours == theirs, "\(words)")
      #expect(!theirs.isEmpty, "\(words) listed nothing")
    }
    func both(_ words: String...) throws {
      _ = try todoSh(words)
      _ = try toolbox(words)
    }

    // The help's examples that change the file, each run on both sides.
    try both("add", "THING I NEED TO DO +project @context")
    try both("a", "Another thing +project")
    try both(
      "addm",
      "FIRST THING I NEED TO DO +project1 @context\nSECOND THING I NEED TO DO +project2 @context")
    try both("append", "2", "TEXT TO APPEND")
    try both("app", "3", "and the cactus")
    try both("prepend", "4", "TEXT TO PREPEND")
    try both("prep", "5", "Quickly")
    try both("pri", "4", "A")
    try both("p", "5", "C")
    try both("pri", "7", "B")
    try both("depri", "1")
    try both("dp", "5")
    try both("replace", "7", "UPDATED TODO +new @work")

    // The listings: the same tasks in the same order, under the same numbers.
    for words in [
      ["list"], ["ls"], ["ls", "thing"], ["list", "thing", "@context"], ["listpri"], ["lsp"],
      ["lsp", "A"], ["listpri", "A-B"], ["lsp", "b"],
    ] {
      try compare(words)
    }
    for words in [["listproj"], ["lsprj"], ["listcon"], ["lsc"]] {
      #expect(try toolbox(words) == (try todoSh(words)), "\(words)")
    }

    // `do`: todo.sh moves the done task to done.txt at once (its default, TODOTXT_AUTO_ARCHIVE), which
    // is toolbox's `done` and `archive`; listall shows todo.txt and done.txt, or the list and the archive.
    // todo.sh renumbers its lines there (and numbers done.txt's 0), so only the order is compared.
    _ = try todoSh(["do", "3"])
    _ = try toolbox(["do", "3"])
    _ = try toolbox(["archive"])
    try compare(["ls"], numbers: false)
    try compare(["listall"], numbers: false)
    try compare(["lsa", "thing"], numbers: false)
    // listfile reads a todo.txt-format file as todo.sh does: done.txt, numbered, in its order.
    let doneFile = sandbox.folder + "/done.txt"
    for words in [["listfile", "done.txt"], ["lf", "done.txt", "WATER"]] {
      let theirs = try todoSh(words).split(separator: "\n").prefix { $0 != "--" }
        .joined(separator: "\n")
      #expect(try toolbox([words[0], doneFile] + words.dropFirst(2)) == theirs + "\n", "\(words)")
    }

    // And the list syncs back into its copy: the same tasks as todo.sh's file, line for line.
    #expect(try sandbox.run("todo", "sync", copy).status == 0)
    func lines(_ path: String) throws -> [String] {
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }
    #expect(
      try parsed(try lines(copy)).map { Shown(number: nil, $0) }
        == (try parsed(try lines(file)).map { Shown(number: nil, $0) }))
  }

  /// Where toolbox's default differs from todo.sh's, on purpose: `ls` lists in id order (todo.sh's line
  /// order before its sort), and `--sort line` is todo.sh's order.
  @Test func `ls keeps id order and --sort line is todo.sh's order`() throws {
    let sandbox = try TodoSandbox()
    #expect(
      try sandbox.run("todo", "addm", "water plants\n(B) Call mom\nBuy milk\n(A) Pay rent").status
        == 0)
    #expect(try sandbox.run("todo", "done", "3").status == 0)
    let ids = { (words: [String]) throws -> [Int] in
      let result = try sandbox.run(["--json", "todo"] + words)
      let object =
        try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
      return (object?["tasks"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }
    #expect(try ids(["ls"]) == [1, 2, 4])
    #expect(try ids(["ls", "--sort", "line"]) == [4, 2, 1])
    #expect(try ids(["lsa", "--sort", "line"]) == [4, 2, 1, 3])
  }
}
