import Testing
import ToolboxCore

@Suite struct ArgumentParserTests {
  static let spec = CommandSpec(
    name: "add", abstract: "Add a task.",
    arguments: [
      .positional("text", help: "Text of the task.", repeating: true),
      .option("due", short: "d", valueName: "date", help: "Due date."),
      .option("tag", short: "t", valueName: "tag", help: "A tag.", repeating: true),
      .option("priority", valueName: "p", help: "Priority.", values: ["A", "B", "C"]),
      .flag("pinned", short: "p", help: "Pin it."),
      .flag("three", short: "3", help: "Three."),
    ],
    examples: ["toolbox todo add --due 2025-01-31 Pay rent"])

  let parser = ArgumentParser(spec: spec, commandPath: "toolbox todo add")

  @Test func `accepts long, inline, short, attached and grouped forms`() throws {
    let parsed = try parser.parse([
      "Pay", "--due", "2025-01-31", "--tag=home", "-t", "money", "-tbills", "-p3", "rent",
    ])
    #expect(parsed.strings("text") == ["Pay", "rent"])
    #expect(parsed.string("due") == "2025-01-31")
    #expect(parsed.strings("tag") == ["home", "money", "bills"])
    #expect(parsed.flag("pinned"))
    #expect(parsed.flag("three"))
  }

  @Test func `double dash ends options`() throws {
    let parsed = try parser.parse(["--", "--due", "-p"])
    #expect(parsed.strings("text") == ["--due", "-p"])
    #expect(parsed.string("due") == nil)
  }

  @Test(arguments: ["-5", "-1,234.5", "-0.5", "-١٬٢٣٤", "\u{061C}-١٬٢٣٤", "-\u{061C}١", "-", "-.5"])
  func `negative numbers in any notation are values, not options`(value: String) throws {
    let parsed = try parser.parse([value])
    #expect(parsed.strings("text") == [value])
  }

  @Test func `declared short options win over the negative-number rule`() throws {
    let parsed = try parser.parse(["x", "-3"])
    #expect(parsed.flag("three"))
    #expect(parsed.strings("text") == ["x"])
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
      #expect(
        error.usage
          == "toolbox todo add <text>... [--due <date>] [--tag <tag>...] [--priority <p>] [--pinned] [--three]"
      )
    }
  }

  @Test func `optional positionals fill in order and extra ones are rejected`() throws {
    let spec = CommandSpec(
      name: nil, abstract: "x",
      arguments: [
        .positional("month", help: "m", optional: true),
        .positional("year", help: "y", optional: true),
      ])
    let parser = ArgumentParser(spec: spec, commandPath: "toolbox calendar")
    #expect(try parser.parse([]).positionals.isEmpty)
    #expect(try parser.parse(["1"]).positionals == ["month": ["1"]])
    #expect(try parser.parse(["1", "2022"]).positionals == ["month": ["1"], "year": ["2022"]])
    #expect(
      throws: UsageError(
        "unexpected argument '3'", code: "unexpected_argument",
        usage: "toolbox calendar [<month>] [<year>]")
    ) {
      try parser.parse(["1", "2", "3"])
    }
  }

  @Test func `required positionals after a repeating one are kept for them`() throws {
    let spec = CommandSpec(
      name: "convert", abstract: "x",
      arguments: [.positional("text", help: "t", repeating: true), .positional("to", help: "l")])
    let parsed = try ArgumentParser(spec: spec, commandPath: "toolbox x").parse(["a", "b", "c"])
    #expect(parsed.strings("text") == ["a", "b"])
    #expect(parsed.string("to") == "c")
  }

  @Test func `typed values convert or name the argument`() throws {
    let parsed = try parser.parse(["x", "--due", "2021-02-30"])
    #expect(throws: UsageError.self) { try parsed.value("due", as: CivilDate.self) }
    do {
      _ = try parsed.value("due", as: CivilDate.self)
    } catch {
      #expect(error.message == "invalid value '2021-02-30' for --due: expected a date YYYY-MM-DD")
    }
    #expect(
      try parser.parse(["x", "--due", "2021-02-28"]).value("due", as: CivilDate.self)
        == CivilDate("2021-02-28"))
  }
}
