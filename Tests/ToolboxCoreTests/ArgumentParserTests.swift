import Testing
import ToolboxCore

@Suite struct ArgumentParserTests {
  struct Add: DeclaredCommand {
    let text = positionals("text", help: "Text of the task.")
    let due = option("due", short: "d", valueName: "date", help: "Due date.")
    let tag = repeatingOption("tag", short: "t", valueName: "tag", help: "A tag.")
    let priority = option(
      "priority", valueName: "p", help: "Priority.", values: ["A", "B", "C"])
    let pinned = flag("pinned", short: "p", help: "Pin it.")
    let three = flag("three", short: "3", help: "Three.")
    let count = option("count", valueName: "n", help: "How many.", as: Int.self)
    let sort = option("sort", valueName: "order", help: "Order.", as: Order.self)
    static let commandName: String? = "add"
    static let about = CommandAbout(
      abstract: "Add a task.",
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
    #expect(try parsed.text == ["Pay", "rent"])
    #expect(try parsed.due == "2025-01-31")
    #expect(try parsed.tag == ["home", "money", "bills"])
    #expect(try parsed.pinned)
    #expect(try parsed.three)
    #expect(try parsed.count == nil)
  }

  @Test func `double dash ends options`() throws {
    let parsed = try parse(["--", "--due", "-p"])
    #expect(try parsed.text == ["--due", "-p"])
    #expect(try parsed.due == nil)
    #expect(!parsed.has(Add().due))
  }

  @Test(arguments: ["-5", "-1,234.5", "-0.5", "-١٬٢٣٤", "\u{061C}-١٬٢٣٤", "-\u{061C}١", "-", "-.5"])
  func `negative numbers in any notation are values, not options`(value: String) throws {
    #expect(try parse([value]).text == [value])
  }

  @Test func `declared short options win over the negative-number rule`() throws {
    let parsed = try parse(["x", "-3"])
    #expect(try parsed.three)
    #expect(try parsed.text == ["x"])
  }

  @Test func `closed sets accept any letter case and aliases, stored as declared`() throws {
    #expect(try parse(["x", "--priority", "b"]).priority == "B")
    #expect(try parse(["x", "--sort", "DUE"]).sort == .due)
    #expect(try parse(["x", "--sort=prio"]).sort == .priority)
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
    #expect(try parse(["x", "--count", "12"]).count == 12)
    #expect(throws: UsageError.self) { try parse(["x", "--count", "twelve"]).count }
    do {
      _ = try parse(["x", "--count", "1.5"]).count
    } catch let error as UsageError {
      #expect(error.message == "invalid value '1.5' for --count: expected an integer")
      #expect(error.usage == Self.usage)
    }
  }

  struct Calendar: DeclaredCommand {
    let month = optionalPositional("month", help: "m")
    let year = optionalPositional("year", help: "y")
    static let commandName: String? = nil
    static let about = CommandAbout(abstract: "x", )
  }

  @Test func `optional positionals fill in order and extra ones are rejected`() throws {
    let parser = ArgumentParser(
      command: Calendar.spec.arguments, usage: "toolbox calendar [<month>] [<year>]")
    let none = Arguments<Calendar>(try parser.parse([]))
    #expect(try none.month == nil && none.year == nil)
    let one = Arguments<Calendar>(try parser.parse(["1"]))
    #expect(try one.month == "1" && one.year == nil)
    let two = Arguments<Calendar>(try parser.parse(["1", "2022"]))
    #expect(try two.month == "1" && two.year == "2022")
    #expect(
      throws: UsageError(
        "unexpected argument '3'", code: "unexpected_argument",
        usage: "toolbox calendar [<month>] [<year>]")
    ) {
      try parser.parse(["1", "2", "3"])
    }
  }

  struct Convert: DeclaredCommand {
    let text = positionals("text", help: "t")
    let to = positional("to", help: "l")
    static let commandName: String? = "convert"
    static let about = CommandAbout(abstract: "x", )
  }

  @Test func `required positionals after a repeating one are kept for them`() throws {
    let parsed = Arguments<Convert>(
      try ArgumentParser(command: Convert.spec.arguments, usage: "").parse(["a", "b", "c"]))
    #expect(try parsed.text == ["a", "b"])
    #expect(try parsed.to == "c")
  }

  @Test func `a key the command does not declare is a bug the read reports`() throws {
    let parsed = Arguments<Add>(
      try ArgumentParser(command: [Add().text.spec], usage: "toolbox x").parse(["a"]))
    #expect(throws: InternalError.self) { try parsed.due }
  }

  @Test func `global options are parsed by the same parser, and a command may shadow one`() throws {
    let globals = GlobalOption.specs
    let parser = ArgumentParser(command: Add.spec.arguments, globals: globals, usage: "u")
    let values = try parser.parse(["x", "--json", "--locale=ko_KR", "-q"])
    let options = try GlobalOptions(values, from: parser)
    #expect(options.format == .json && options.locale == "ko_KR" && options.quiet)

    struct Search: DeclaredCommand {
      let version = option("version", valueName: "n", help: "API version.")
      static let commandName: String? = nil
      static let about = CommandAbout(abstract: "x", )
    }
    let shadowing = ArgumentParser(command: Search.spec.arguments, globals: globals, usage: "u")
    let parsed = try shadowing.parse(["--version", "2"])
    #expect(try Arguments<Search>(parsed).version == "2")
    #expect(try GlobalOptions(parsed, from: shadowing).version == false)
  }

  @Test func `declarations are checked for names given twice`() {
    struct Twice: DeclaredCommand {
      let a = flag("all", short: "a", help: "x")
      let b = flag("all", short: "a", help: "y")
      let h = flag("hide", short: "h", help: "z")
      static let commandName: String? = "twice"
      static let about = CommandAbout(abstract: "x", )
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
      abstract: "Export.", globalOptions: [GlobalOption.keys.json],
      examples: ["toolbox t export -o f"])
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
    #expect(Export().output.spec.short == "o")
    let refused = try ArgumentParser(command: spec.arguments, usage: "u").parse(["--years", "x"])
    #expect(throws: UsageError.self) { try Arguments<Export>(refused).years }
  }

  /// A group's keys in its place.
  struct Window: ArgumentGroup {
    let from = option("from", valueName: "date", help: "First day.")
    let days = option("days", valueName: "n", help: "Days.", as: Int.self)
  }

  struct Borrowing: DeclaredCommand {
    static let commandName: String? = "borrow"
    static let about = CommandAbout(abstract: "Borrow.")
    let output = option("output", short: "o", valueName: "file", help: "Write to this file.")
    let window = Window()
    let all = flag("all", help: "All.")
  }

  @Test func `keys are collected in declaration order, groups in place`()
    throws
  {
    #expect(Borrowing.spec.arguments.map(\.key) == ["--output", "--from", "--days", "--all"])
    #expect(Borrowing.spec.declarationProblems.isEmpty)
    // Making keys outside a declaration's spec collects nothing into the next one.
    _ = Export()
    #expect(Export.spec.arguments.map(\.key) == ["<file>", "--ics", "--output", "--years"])
    let parsed = Arguments<Borrowing>(
      try ArgumentParser(command: Borrowing.spec.arguments, usage: "u").parse(["--days", "3"]))
    #expect(try parsed.window.days == 3)
    #expect(try parsed.all == false)
  }
}
