import Foundation
import Testing

/// toolbox's todo.txt export and import against the other clients people use on the same file: todo.sh
/// (Debian todotxt-cli) and topydo (Debian topydo), which `.ci/run` installs. Each side changes the file
/// the way its users do; toolbox reads the changes back with `import --merge` (issue 15).
@Suite struct TodoInteropTests {
  static let todoSh = ["/usr/bin/todo-txt", "/usr/bin/todo.sh"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let topydo = ["/usr/bin/topydo"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// A sandbox with a todo.txt exported by toolbox, and a todo.sh config for it.
  static func exported(_ sandbox: TodoSandbox) throws -> String {
    let input = try sandbox.write(
      "input.txt",
      """
      (A) 2026-12-02 Call mom +family @phone due:2026-12-24
      2026-12-02 Water plants @home rec:1w due:2026-12-03
      2026-12-02 Pay rent +home
      x Take out trash

      """)
    #expect(try sandbox.run("todo", "import", input).status == 0)
    let file = sandbox.folder + "/todo.txt"
    #expect(try sandbox.run("todo", "export", "--as", "todotxt", "-o", file).status == 0)
    try writeTodoShConfig(sandbox)
    return file
  }

  /// A todo.sh config for the sandbox's todo.txt, with the empty done.txt and report.txt todo.sh expects
  /// beside it (`todo.sh -d <folder>/todo.cfg`).
  static func writeTodoShConfig(_ sandbox: TodoSandbox) throws {
    try sandbox.write("done.txt", "")
    try sandbox.write("report.txt", "")
    try sandbox.write(
      "todo.cfg",
      """
      export TODO_DIR="\(sandbox.folder)"
      export TODO_FILE="$TODO_DIR/todo.txt"
      export DONE_FILE="$TODO_DIR/done.txt"
      export REPORT_FILE="$TODO_DIR/report.txt"

      """)
  }

  static func run(_ executable: String, _ arguments: [String], in sandbox: TodoSandbox) throws
    -> ProcessResult
  {
    var environment = sandbox.environment
    environment["TERM"] = "dumb"
    return try Toolbox.run(
      arguments, environment: environment, executable: executable, directory: sandbox.folder)
  }

  @Test(.enabled(if: todoSh != nil, "needs todo.sh (apt-get install todotxt-cli)"))
  func `todo.sh reads toolbox's file, and toolbox merges todo.sh's changes`() throws {
    let sandbox = try TodoSandbox()
    let file = try Self.exported(sandbox)
    let todoSh = try #require(Self.todoSh)
    let config = ["-d", sandbox.folder + "/todo.cfg", "-p", "-f"]
    let list = try Self.run(todoSh, config + ["ls"], in: sandbox)
    #expect(list.status == 0, "\(list.error)")
    #expect(list.output.contains("(A) 2026-12-02 Call mom +family @phone due:2026-12-24"))
    #expect(list.output.contains("TODO: 4 of 4 tasks shown"))
    // todo.sh's own verbs on the file: complete one, add one, change a priority.
    #expect(try Self.run(todoSh, config + ["-a", "do", "3"], in: sandbox).status == 0)
    #expect(
      try Self.run(todoSh, config + ["add", "New from todo.sh +x @y"], in: sandbox).status == 0)
    #expect(try Self.run(todoSh, config + ["pri", "2", "C"], in: sandbox).status == 0)
    let merged = try sandbox.run("todo", "import", file, "--merge")
    #expect(merged.status == 0, "\(merged.error)")
    #expect(merged.output.hasPrefix("imported from '\(file)': 1 added, 2 updated, 2 unchanged"))
    let tasks = try sandbox.tasks()
    #expect(tasks.count == 5)
    #expect(tasks[2]["done"] as? Bool == true)
    #expect(tasks[1]["priority"] as? String == "C")
    #expect(tasks[4]["text"] as? String == "New from todo.sh")
    #expect(tasks[4]["tags"] as? [String] == ["x"])
    #expect(tasks[4]["contexts"] as? [String] == ["y"])
    // Merging the same file again changes nothing.
    #expect(
      try sandbox.run("todo", "import", file, "--merge").output.hasPrefix(
        "imported from '\(file)': 0 added, 0 updated, 5 unchanged"))
  }

  @Test(.enabled(if: topydo != nil, "needs topydo (apt-get install topydo)"))
  func `topydo reads toolbox's file, recurs its rec: tasks, and toolbox merges them back`() throws {
    let sandbox = try TodoSandbox()
    let file = try Self.exported(sandbox)
    let topydo = try #require(Self.topydo)
    let files = ["-t", file, "-d", sandbox.folder + "/done.txt"]
    let list = try Self.run(topydo, files + ["ls"], in: sandbox)
    #expect(list.status == 0, "\(list.error)")
    #expect(list.output.contains("|1| (A) 2026-12-02 Call mom +family @phone due:2026-12-24"))
    // `x Take out trash` (done, no completion date) is written as the format has it; topydo 0.14
    // (Debian 12) still requires a completion date after `x` and lists it (newer topydo does not).
    #expect(list.output.contains("x Take out trash"))
    // Completing the recurring task makes topydo write its next one (rec: as topydo defines it, which
    // toolbox follows) and move the done one to done.txt.
    let done = try Self.run(topydo, files + ["do", "2"], in: sandbox)
    #expect(done.status == 0, "\(done.error)")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("Water plants @home due:"))
    let merged = try sandbox.run("todo", "import", file, "--merge")
    #expect(merged.status == 0, "\(merged.error)")
    let archived = try sandbox.run("todo", "import", sandbox.folder + "/done.txt", "--merge")
    #expect(archived.status == 0, "\(archived.error)")
    let tasks = try sandbox.tasks()
    let plants = tasks.filter { $0["text"] as? String == "Water plants" }
    #expect(plants.count == 2)
    #expect(plants.contains { $0["done"] as? Bool == true })
    #expect(plants.allSatisfy { $0["recurrence"] as? String == "1w" })
  }
}
