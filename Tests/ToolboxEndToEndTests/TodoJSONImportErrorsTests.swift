import Foundation
import Testing

/// `toolbox todo import` of JSON that is not JSON (issue 26): the syntax error is reported first, in the
/// words and at the position (line and column of the file) that `--config` gives for the same text, and
/// nothing is imported. The reference is Core's parser itself, reached through `toolbox --config FILE`.
@Suite struct TodoJSONImportErrorsTests {
  /// JSONTestSuite-style malformed documents (written here), with the error Core's parser gives.
  static let malformed: [(name: String, json: String, error: String)] = [
    ("trailing comma in an object", #"{"id":0,}"#, "expected a quoted key at line 1, column 9"),
    (
      "trailing comma in the task array", #"[{"text":"a"},]"#,
      "unexpected character ']' at line 1, column 15"
    ),
    (
      "trailing comma in a task", "{\"tasks\": [\n  {\"text\": \"a\",}\n]}",
      "expected a quoted key at line 2, column 16"
    ),
    (
      "unclosed document", "{\"tasks\": [\n  {\"text\": \"a\"}\n",
      "expected ',' or ']' in array at line 3, column 1"
    ),
    ("unclosed string", #"[{"text": "abc"#, "unterminated string at line 1, column 15"),
    ("bad escape", #"[{"text": "a\x"}]"#, #"invalid escape '\x' at line 1, column 14"#),
    ("bad unicode escape", #"[{"text": "a\u12G4"}]"#, #"invalid \u escape at line 1, column 17"#),
    (
      "lone high surrogate", #"[{"text": "a\uD800b"}]"#,
      #"unpaired surrogate in \u escape at line 1, column 19"#
    ),
    (
      "lone low surrogate", #"[{"text": "\uDC00"}]"#,
      #"unpaired surrogate in \u escape at line 1, column 18"#
    ),
    (
      "tab in a string", "[{\"text\": \"a\tb\"}]",
      "control character in string at line 1, column 13"
    ),
    (
      "missing comma between tasks", "[\n{\"text\": \"a\"}\n{\"text\": \"b\"}\n]",
      "expected ',' or ']' in array at line 3, column 1"
    ),
    (
      "text after the document", #"[{"text": "a"}]]"#,
      "unexpected text after the JSON value at line 1, column 16"
    ),
    ("bad literal", #"[{"text": "a", "done": tru}]"#, "invalid literal at line 1, column 24"),
    (
      "leading zero", #"[{"text": "a", "id": 01}]"#,
      "expected ',' or '}' in object at line 1, column 23"
    ),
    ("minus alone", #"[{"text": "a", "id": -}]"#, "invalid number at line 1, column 23"),
    ("dot without digits", #"[{"text": "a", "id": 1.}]"#, "invalid number at line 1, column 24"),
    ("missing colon", #"[{"text" "a"}]"#, "expected ':' after key 'text' at line 1, column 10"),
    ("single quotes", "[{'text': 'a'}]", "expected a quoted key at line 1, column 3"),
    ("empty file", "", "unexpected end of input at line 1, column 1"),
    (
      "CRLF lines and a wide character",
      "{\"tasks\": [\r\n  {\"text\": \"한국어\"},\r\n  {\"text\": \"b\" \"c\"}\r\n]}",
      "expected ',' or '}' in object at line 3, column 16"
    ),
    // Syntax errors first: a shape error or an invalid task before them does not hide them.
    (
      "an unknown outer key, then a syntax error", "{\"task\": [\n  {\"text\": \"a\"},\n]}",
      "unexpected character ']' at line 3, column 1"
    ),
    (
      "an invalid task, then a syntax error",
      "[\n  {\"text\": \"a\", \"bogus\": 1},\n  {\"text\": \"b\",}\n]",
      "expected a quoted key at line 3, column 16"
    ),
    (
      "'tasks' not an array, then a syntax error", #"{"tasks": 5} x"#,
      "unexpected text after the JSON value at line 1, column 14"
    ),
  ]

  @Test(arguments: malformed.indices)
  func `a syntax error is reported as --config reports it, and nothing is imported`(index: Int)
    throws
  {
    let (name, json, expected) = Self.malformed[index]
    let sandbox = try TodoSandbox()
    #expect(try sandbox.run("todo", "add", "Already here").status == 0)
    let file = try sandbox.write("bad.json", json)
    let result = try sandbox.run("todo", "import", file)
    #expect(result.status == 65, "\(name): \(result.error)")
    #expect(
      result.error == "toolbox: todo: cannot import '\(file)': invalid JSON: \(expected); "
        + "nothing was imported\n", "\(name)")
    // The same words and position from Core's parser, as `--config` reports them.
    let config = try sandbox.run("--config", file, "tools")
    #expect(config.status == 78, "\(name): \(config.error)")
    #expect(config.error.contains("invalid JSON: \(expected)\n"), "\(name): \(config.error)")
    // Nothing was imported, also with --skip-invalid (a syntax error is not a skippable record).
    let skipping = try sandbox.run("todo", "import", "--skip-invalid", file)
    #expect(skipping.status == 65, "\(name)")
    #expect(
      skipping.error.hasSuffix("invalid JSON: \(expected); nothing was imported\n"), "\(name)")
    #expect(try sandbox.tasks().compactMap { $0["text"] as? String } == ["Already here"], "\(name)")
  }

  @Test func `invalid UTF-8 in a string is a syntax error after the string, as in Core`() throws {
    let sandbox = try TodoSandbox()
    let path = sandbox.folder + "/bad.json"
    try Data(Array("[\n{\"text\": \"a".utf8) + [0xC3, 0x28] + Array("\"}\n]".utf8)).write(
      to: URL(fileURLWithPath: path))
    let result = try sandbox.run("todo", "import", path)
    #expect(result.status == 65)
    let expected = "invalid JSON: string is not valid UTF-8 at line 2, column 15"
    #expect(result.error.contains(expected + "; nothing was imported"), "\(result.error)")
    let config = try sandbox.run("--config", path, "tools")
    #expect(config.error.contains(expected), "\(config.error)")
  }

  @Test func `shape errors name their position in the file`() throws {
    let sandbox = try TodoSandbox()
    for (json, expected) in [
      ("\n  {\"task\": []}", "unknown key 'task' (expected 'tasks') (at line 2, column 4)"),
      (
        "{\"tasks\": [],\n \"more\": 1}",
        "unknown key after 'tasks': 'more' (expected only 'tasks') (at line 2, column 2)"
      ),
      (
        "{\"tasks\": {}}",
        "expected {\"tasks\":[…]} or an array of tasks, as 'toolbox todo export' writes: 'tasks' "
          + "must be an array (at line 1, column 11)"
      ),
    ] {
      let file = try sandbox.write("shape.json", json)
      let result = try sandbox.run("todo", "import", file)
      #expect(result.status == 65)
      #expect(
        result.error
          == "toolbox: todo: cannot import '\(file)': \(expected); nothing was imported\n")
      // Core reads each as JSON: they are shape errors, not syntax errors.
      #expect(!(try sandbox.run("--config", file, "tools").error.contains("invalid JSON")))
    }
  }

  @Test func `an error inside a task is placed in the file, not in the task`() throws {
    let sandbox = try TodoSandbox()
    let file = try sandbox.write(
      "dup.json", "{\"tasks\": [\n  {\"text\": \"a\"},\n  {\"text\": \"b\", \"text\": \"c\"}\n]}")
    let result = try sandbox.run("todo", "import", file)
    #expect(result.status == 65)
    #expect(
      result.error
        == "toolbox: todo: cannot import '\(file)': task 2: invalid JSON: duplicate key 'text' "
        + "at line 3, column 17; nothing was imported\n")
    // Core places the same duplicate at the same position in the whole file.
    #expect(
      try sandbox.run("--config", file, "tools").error.contains(
        "duplicate key 'text' at line 3, column 17"))
    // With --skip-invalid the other task is imported.
    let skipping = try sandbox.run("todo", "import", "--skip-invalid", file)
    #expect(skipping.status == 1)
    #expect(try sandbox.tasks().compactMap { $0["text"] as? String } == ["a"])
  }

  @Test func `valid documents still import, split across read chunks`() throws {
    let sandbox = try TodoSandbox()
    // Over 64 KiB (the read chunk), with escapes, wide characters, numbers and literals in the tasks.
    var tasks: [String] = []
    for number in 1...800 {
      tasks.append(
        #"{"id": \#(number), "text": "Task \#(number) \u00e9 \"q\" 한 \ud83d\ude00 \/", "#
          + #""done": \#(number % 2 == 0), "due": null, "tags": ["t\#(number % 7)"], "#
          + #""priority": "A", "hidden": false, "created": "2026-12-01"}"#)
    }
    let file = try sandbox.write(
      "ok.json", "\u{FEFF}{\"tasks\":[\r\n" + tasks.joined(separator: ",\r\n") + "\r\n]}\r\n")
    let result = try sandbox.run("todo", "import", file)
    #expect(result.status == 0, "\(result.error)")
    let imported = try sandbox.tasks()
    #expect(imported.count == 800)
    #expect(imported.last?["text"] as? String == "Task 800 é \"q\" 한 😀 /")
    #expect(imported.last?["id"] as? Int == 800)
    #expect(imported.first?["tags"] as? [String] == ["t1"])
  }
}
