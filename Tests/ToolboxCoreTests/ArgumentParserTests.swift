import Testing
import ToolboxCore

@Suite struct ArgumentParserTests {
  enum Add: CommandDeclaration {
    static let text = positionals("text", help: "Text of the task.")
    static let due = option("due", short: "d", valueName: "date", help: "Due date.")
    static let tag = repeatingOption("tag", short: "t", valueName: "tag", help: "A tag.")
    static let priority = option(
      "priority", valueName: "p", help: "Priority.", values: ["A", "B", "C"])
    static let pinned = flag("pinned", short: "p", help: "Pin it.")
    static let three = flag("three", short: "3", help: "Three.")
    static let count = option("count", valueName: "n", help: "How many.", as: Int.self)
    static let sort = option("sort", valueName: "order", help: "Order.", as: Order.self)
    static let commandName: String? = "add"
    static let spec = CommandSpec(
      commandName, abstract: "Add a task.",
      arguments: [text, due, tag, priority, pinned, three, count, sort],
      examples: ["toolbox todo add --due 2025-01-31 Pay rent"])
  }

  enum Order: String, ArgumentChoice {
    case id, due, priority
    static let aliases: [String: Order] = ["prio": .priority]
  }

  static let usage =
    "toolbox todo add <text>... [--due <date>] [--tag <tag>...] [--priority <p>] [--pinned] [--three] [--count <n>] [--sort <order>]"

  let parser = ArgumentParser(command: Add.spec.arguments, usage: usage)

  func parse(_ words: [String]) throws -> Arguments<Add> {
    Arguments(try parser.parse(words))
  }

  @Test func `accepts long, inline, short, attached and grouped forms`() throws {
    let parsed = try parse([
      "Pay", "--due", "2025-01-31", "--tag=home", "-t", "money", "-tbills", "-p3", "rent",
    ])
    #expect(try parsed[Add.text] == ["Pay", "rent"])
    #expect(try parsed[Add.due] == "2025-01-31")
    #expect(try parsed[Add.tag] == ["home", "money", "bills"])
    #expect(try parsed[Add.pinned])
    #expect(try parsed[Add.three])
    #expect(try parsed[Add.count] == nil)
  }

  @Test func `double dash ends options`() throws {
    let parsed = try parse(["--", "--due", "-p"])
    #expect(try parsed[Add.text] == ["--due", "-p"])
    #expect(try parsed[Add.due] == nil)
    #expect(!parsed.has(Add.due))
  }

  @Test(arguments: ["-5", "-1,234.5", "-0.5", "-١٬٢٣٤", "\u{061C}-١٬٢٣٤", "-\u{061C}١", "-", "-.5"])
  func `negative numbers in any notation are values, not options`(value: String) throws {
    #expect(try parse([value])[Add.text] == [value])
  }

  @Test func `declared short options win over the negative-number rule`() throws {
    let parsed = try parse(["x", "-3"])
    #expect(try parsed[Add.three])
    #expect(try parsed[Add.text] == ["x"])
  }

  @Test func `closed sets accept any letter case and aliases, stored as declared`() throws {
    #expect(try parse(["x", "--priority", "b"])[Add.priority] == "B")
    #expect(try parse(["x", "--sort", "DUE"])[Add.sort] == .due)
    #expect(try parse(["x", "--sort=prio"])[Add.sort] == .priority)
  }

  @Test(arguments: [
    (["x", "--dur", "1"], "unknown option '--dur' (did you mean '--due'?)", "unknown_option"),
    (["x", "--pinnd"], "unknown option '--pinnd' (did you mean '--pinned'?)", "unknown_option"),
    (["x", "-z"], "unknown option '-z'", "unknown_option"),
    (["x", "--due"], "option '--due' needs a value <date>", "missing_value"),
    (["x", "--due", "1", "--due", "2"], "option '--due' given more than once", "duplicate_option"),
    (["x", "--pinned=yes"], "option '--pinned' takes no value", "unexpected_value"),
    (
      ["x", "--priority", "Z"], "invalid value 'Z' for --priority (valid: A, B, C)", "invalid_value"
    ),
    (
      ["x", "--sort", "priorty"],
      "invalid value 'priorty' for --sort (valid: id, due, priority; did you mean 'priority'?)",
      "invalid_value"
    ),
    ([], "missing argument <text>", "missing_argument"),
  ])
  func `bad command lines are usage errors with the usage line`(
    arguments: [String], message: String, code: String
  ) {
    do {
      _ = try parser.parse(arguments)
      Issue.record("expected an error")
    } catch {
      #expect(error.message == message)
      #expect(error.code == code)
      #expect(error.exitCode == .usage)
      #expect(error.usage == Self.usage)
    }
  }

  @Test func `typed values convert or name the argument`() throws {
    #expect(try parse(["x", "--count", "12"])[Add.count] == 12)
    #expect(throws: UsageError.self) { try parse(["x", "--count", "twelve"])[Add.count] }
    do {
      _ = try parse(["x", "--count", "1.5"])[Add.count]
    } catch let error as UsageError {
      #expect(error.message == "invalid value '1.5' for --count: expected an integer")
      #expect(error.usage == Self.usage)
    }
  }

  enum Calendar: CommandDeclaration {
    static let month = optionalPositional("month", help: "m")
    static let year = optionalPositional("year", help: "y")
    static let commandName: String? = nil
    static let spec = CommandSpec(commandName, abstract: "x", arguments: [month, year])
  }

  @Test func `optional positionals fill in order and extra ones are rejected`() throws {
    let parser = ArgumentParser(
      command: Calendar.spec.arguments, usage: "toolbox calendar [<month>] [<year>]")
    let none = Arguments<Calendar>(try parser.parse([]))
    #expect(try none[Calendar.month] == nil && none[Calendar.year] == nil)
    let one = Arguments<Calendar>(try parser.parse(["1"]))
    #expect(try one[Calendar.month] == "1" && one[Calendar.year] == nil)
    let two = Arguments<Calendar>(try parser.parse(["1", "2022"]))
    #expect(try two[Calendar.month] == "1" && two[Calendar.year] == "2022")
    #expect(
      throws: UsageError(
        "unexpected argument '3'", code: "unexpected_argument",
        usage: "toolbox calendar [<month>] [<year>]")
    ) {
      try parser.parse(["1", "2", "3"])
    }
  }

  enum Convert: CommandDeclaration {
    static let text = positionals("text", help: "t")
    static let to = positional("to", help: "l")
    static let commandName: String? = "convert"
    static let spec = CommandSpec(commandName, abstract: "x", arguments: [text, to])
  }

  @Test func `required positionals after a repeating one are kept for them`() throws {
    let parsed = Arguments<Convert>(
      try ArgumentParser(command: Convert.spec.arguments, usage: "").parse(["a", "b", "c"]))
    #expect(try parsed[Convert.text] == ["a", "b"])
    #expect(try parsed[Convert.to] == "c")
  }

  @Test func `a key the command does not declare is a bug the read reports`() throws {
    let parsed = Arguments<Add>(
      try ArgumentParser(command: [Add.text.spec], usage: "toolbox x").parse(["a"]))
    #expect(throws: InternalError.self) { try parsed[Add.due] }
  }

  @Test func `global options are parsed by the same parser, and a command may shadow one`() throws {
    let globals = GlobalOption.spec.arguments
    let parser = ArgumentParser(command: Add.spec.arguments, globals: globals, usage: "u")
    let values = try parser.parse(["x", "--json", "--locale=ko_KR", "-q"])
    let options = try GlobalOptions(values, from: parser)
    #expect(options.format == .json && options.locale == "ko_KR" && options.quiet)

    enum Search: CommandDeclaration {
      static let version = option("version", valueName: "n", help: "API version.")
      static let commandName: String? = nil
      static let spec = CommandSpec(commandName, abstract: "x", arguments: [version])
    }
    let shadowing = ArgumentParser(command: Search.spec.arguments, globals: globals, usage: "u")
    let parsed = try shadowing.parse(["--version", "2"])
    #expect(try Arguments<Search>(parsed)[Search.version] == "2")
    #expect(try GlobalOptions(parsed, from: shadowing).version == false)
  }

  @Test func `declarations are checked for names given twice`() {
    enum Twice: CommandDeclaration {
      static let a = flag("all", short: "a", help: "x")
      static let b = flag("all", short: "a", help: "y")
      static let h = flag("hide", short: "h", help: "z")
      static let commandName: String? = "twice"
      static let spec = CommandSpec(commandName, abstract: "x", arguments: [a, b, h])
    }
    #expect(
      Twice.spec.declarationProblems == [
        "--all declared twice", "-a declared twice", "-h is reserved",
      ])
    #expect(Add.spec.declarationProblems.isEmpty)
  }

  /// A command declared once: its stored keys are its spec's arguments, in order.
  struct Export: DeclaredCommand {
    static let commandName: String? = "export"
    static let commandAliases = ["x"]
    static let about = CommandAbout(
      abstract: "Export.", globalOptions: [GlobalOption.json], examples: ["toolbox t export -o f"])
    let file = optionalPositional("file", help: "A file.")
    let ics = flag("ics", help: "Write iCalendar.")
    let output = option("output", short: "o", valueName: "file", help: "Write to this file.")
    let years = option("years", valueName: "n", help: "Years.", as: Int.self)
  }

  @Test func `a declared command's spec is its stored keys, read by name`() throws {
    let spec = Export.spec
    #expect(spec.name == "export")
    #expect(spec.aliases == ["x"])
    #expect(spec.abstract == "Export.")
    #expect(spec.examples == ["toolbox t export -o f"])
    #expect(spec.globalOptions.map(\.key) == ["--json"])
    #expect(spec.arguments.map(\.key) == ["<file>", "--ics", "--output", "--years"])
    #expect(spec.declarationProblems.isEmpty)
    let parsed = Arguments<Export>(
      try ArgumentParser(command: spec.arguments, usage: "u").parse(["-o", "f", "--years", "3"]))
    #expect(try parsed.output == "f")
    #expect(try parsed.years == 3)
    #expect(try parsed.ics == false)
    #expect(try parsed.file == nil)
    #expect(parsed.has(\.output))
    #expect(!parsed.has(\.ics))
    #expect(Export.key(\.output).spec.short == "o")
    let refused = try ArgumentParser(command: spec.arguments, usage: "u").parse(["--years", "x"])
    #expect(throws: UsageError.self) { try Arguments<Export>(refused).years }
  }
}
