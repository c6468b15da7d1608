import Foundation
import Testing
import ToolboxBuiltIns
import ToolboxCore
import ToolboxTestSupport

/// Checks every built-in tool's declarations: the registry, help and docs are generated from them, so they must
/// be complete and consistent (after SwiftFormat's MetadataTests).
@Suite struct MetadataTests {
  @Test func `tool names are unique lower-case words, sorted, with a one-sentence abstract`() throws
  {
    let names = builtInTools.map { $0.descriptor.name }
    #expect(names == names.sorted())
    #expect(Set(names).count == names.count)
    for tool in builtInTools {
      #expect(ToolRegistry.isValidToolName(tool.descriptor.name))
      #expect(tool.descriptor.abstract.hasSuffix("."), "\(tool.descriptor.name)")
    }
  }

  @Test func `every command has an abstract, argument help and examples that parse`() throws {
    for tool in builtInTools {
      let name = tool.descriptor.name
      let specs = tool.commandSpecs
      let commandNames = specs.compactMap(\.name) + specs.flatMap(\.aliases)
      #expect(Set(commandNames).count == commandNames.count, "\(name)")
      #expect(specs.filter { $0.name == nil }.count <= 1, "\(name)")
      if let fallback = tool.descriptor.defaultSubcommand {
        #expect(commandNames.contains(fallback), "\(name)")
      }
      for spec in specs {
        let label = "\(name) \(spec.name ?? "")"
        #expect(spec.abstract.hasSuffix("."), "\(label)")
        #expect(!spec.examples.isEmpty, "\(label) has no examples")
        #expect(spec.declarationProblems.isEmpty, "\(label): \(spec.declarationProblems)")
        for example in spec.examples {
          let words = ShellWords.split(example)
          #expect(words.first == "toolbox", "\(example)")
          // The example must parse against this command's spec (and the global options).
          let parsed = Self.commandArguments(words, tool: name, command: spec.name)
          #expect(parsed != nil, "example does not name its command: \(example)")
          if let parsed {
            do {
              _ = try ArgumentParser(
                command: spec.arguments, globals: GlobalOption.specs, usage: ""
              ).parse(parsed)
            } catch {
              Issue.record("example does not parse: \(example): \(error.message)")
            }
          }
        }
      }
    }
  }

  /// Every example of every command's help runs the built binary and succeeds. Each runs on its own copy
  /// of one home (a fixed date) that has what examples refer to: tasks #1-#6 (#3 done and archived, so
  /// change 2 is the last to touch #2), saved D-Days #1-#5, and the files examples read (notes.txt, and
  /// the list exported as tasks.json, todo.txt, tasks.ics and the D-Days as ddays.ics).
  /// Search examples run with `--url`, which checks every argument and prints the request without
  /// sending it.
  @Test func `every command's examples run and succeed`() throws {
    let seed = try TemporaryDirectory()
    defer { seed.remove() }
    try FileManager.default.createDirectory(
      atPath: seed.path + "/work", withIntermediateDirectories: true)
    _ = try seed.write("work/notes.txt", "Buy milk\nCall the bank\n")
    // `dday sync ddays`: a vdir folder.
    try FileManager.default.createDirectory(
      atPath: seed.path + "/work/ddays", withIntermediateDirectories: true)
    let setup: [[String]] =
      (1...6).map { ["todo", "add", "Task \($0) +home @phone", "--due", "2026-12-1\($0)"] }
      + [["todo", "done", "3"], ["todo", "archive"]]
      + (1...5).map { ["dday", "add", "Day \($0)", "2026-0\($0)-01"] }
      + [
        ["todo", "export", "-o", "tasks.json"],
        ["todo", "export", "--as", "todotxt", "-o", "todo.txt"],
        ["todo", "export", "--as", "ics", "-o", "tasks.ics"],
        ["dday", "export", "--ics", "-o", "ddays.ics"],
      ]
    for arguments in setup {
      let result = try Toolbox.run(
        arguments, environment: Toolbox.cleanEnvironment(home: seed.path),
        directory: seed.path + "/work")
      try #require(result.status == 0, "\(arguments): \(result.error)")
    }
    let examples = builtInTools.flatMap { tool in tool.commandSpecs.flatMap(\.examples) }
    #expect(examples.count >= 40)
    for example in examples {
      let home = try TemporaryDirectory()
      defer { home.remove() }
      try FileManager.default.removeItem(atPath: home.path)
      try FileManager.default.copyItem(atPath: seed.path, toPath: home.path)
      var words = ShellWords.split(example)
      if words.count > 2, let index = words.firstIndex(of: "search") {
        words.insert("--url", at: words[index + 1] == "lookup" ? index + 2 : index + 1)
      }
      let result = try Toolbox.run(
        Array(words.dropFirst()), environment: Toolbox.cleanEnvironment(home: home.path),
        input: "1234.5\n", directory: home.path + "/work")
      #expect(result.status == 0, "\(example): \(result.error)")
      #expect(!result.output.isEmpty, "\(example) printed nothing")
    }
  }

  /// Routing reads a declaration's `commandName` and `commandAliases` without building its spec, and
  /// help, completions and man pages read the spec: both must say the same.
  @Test func `every command answers to the names its spec shows`() {
    for tool in builtInTools {
      let specs = tool.commandSpecs
      #expect(tool.commandNames.count == specs.count)
      for (names, spec) in zip(tool.commandNames, specs) {
        #expect(names.name == spec.name, "\(tool.descriptor.name) \(spec.name ?? "")")
        #expect(names.aliases == spec.aliases, "\(tool.descriptor.name) \(spec.name ?? "")")
      }
    }
    for command in BuiltInCommand.all {
      #expect(command.spec.name == command.name)
      #expect(command.spec.aliases.isEmpty, "\(command.name)")
    }
  }

  @Test func `toolbox's own commands and the global options are declared well`() {
    #expect(GlobalOption.declarationProblems == [])
    #expect(GlobalOption.specs.count == 10)
    for command in BuiltInCommand.all {
      #expect(command.spec.declarationProblems == [], "\(command.name)")
      #expect(command.spec.abstract.hasSuffix("."))
    }
    let reserved = ToolRegistry.reservedNames
    for tool in builtInTools { #expect(!reserved.contains(tool.descriptor.name)) }
  }

  /// config.example.json shows every config key with its default: a section for each tool that reads keys
  /// of its own (a tool with none besides `enabled` works without one), and none for a tool that is not
  /// built in.
  @Test func `config.example.json decodes and names every tool setting`() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "config.example.json"
      ).path
    // The binary reads it without a word on standard error.
    let result = try Toolbox.run(["--config", path, "tools"])
    #expect(result.status == 0 && result.error == "", "\(result.error)")
    // Every top-level key, a section for every tool with settings, and only sections of built-in tools.
    let data = try #require(FileManager.default.contents(atPath: path))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == Set(Config.topLevelKeys))
    let sections = Set(try #require(object["tools"] as? [String: Any]).keys)
    let names = builtInTools.map { $0.descriptor.name }
    #expect(sections.subtracting(names) == [])
    let withSettings = builtInTools.filter { Self.hasSettings($0) }.map { $0.descriptor.name }
    #expect(Set(withSettings).subtracting(sections) == [])
    #expect(!withSettings.isEmpty)
  }

  /// Whether a tool reads keys of its own from its config section, besides `enabled`.
  static func hasSettings<T: Tool>(_ tool: T.Type) -> Bool { T.Settings.self != NoSettings.self }

  /// The words after `toolbox [globals] <tool> [<command>]`, or `nil` when the example does not invoke
  /// that tool and command. Global options stay: the command's parser reads them too.
  static func commandArguments(_ words: [String], tool: String, command: String?) -> [String]? {
    let withValue: Set = ["--format", "--config", "--color", "--today", "--locale"]
    var index = 1
    while index < words.count, words[index].hasPrefix("-") {
      index += withValue.contains(words[index]) ? 2 : 1
    }
    guard index < words.count, words[index] == tool else { return nil }
    var rest = Array(words[(index + 1)...])
    if let command {
      guard let position = rest.firstIndex(where: { !$0.hasPrefix("-") }), rest[position] == command
      else { return nil }
      rest.remove(at: position)
    }
    return rest
  }
}
