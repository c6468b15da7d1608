import ToolboxCore

/// A small tool used to test the dispatcher: it exercises every kind of output and error.
struct EchoTool: Tool {
  struct Settings: ToolSettings {
    var greeting = "hello"
    init() {}
    init(section: ConfigSection) throws(ConfigError) {
      try section.checkKeys(["greeting"])
      greeting = try section.string("greeting") ?? greeting
    }
  }

  static let descriptor = ToolDescriptor(
    name: "echo", abstract: "Echo words back.", defaultSubcommand: "say",
    examples: ["toolbox echo say hi"])

  static let commands: [Command<Self>] = [
    Command(Say.self) { tool, arguments in try tool.say(arguments) },
    Command(Fail.self) { _, _ in throw DataError("cannot read '\("x")'", code: "bad_x") },
    Command(Crash.self) { _, _ in throw Untyped() },
    Command(Lines.self) { tool, _ in tool.lines() },
    Command(Items.self) { tool, _ in
      let today = tool.context.today()
      var stream = tool.context.datedItems(today...today.adding(days: 30)!)
      let items = stream.remaining()
      return .verbatim(items.map { "\($0.date) \($0.tool) \($0.title)\n" }.joined())
    },
  ]

  let context: ToolContext
  let settings: Settings

  init(context: ToolContext) {
    self.context = context
    settings = context.settings(as: Settings.self)
  }

  struct Say: DeclaredCommand {
    let words = positionals("words", help: "What to say.", optional: true)
    let upper = flag("upper", short: "u", help: "Shout.")
    let locale = option("locale", valueName: "locale", help: "A locale.")
    static let commandName: String? = "say"
    static let commandAliases = ["speak"]
    static let about = CommandAbout(
      abstract: "Say the words.",
      examples: ["toolbox echo say hi there"])
  }

  struct Fail: DeclaredCommand {
    static let commandName: String? = "fail"
    static let about = CommandAbout(abstract: "Fail with a data error.")
  }

  struct Crash: DeclaredCommand {
    static let commandName: String? = "crash"
    static let about = CommandAbout(abstract: "Throw an untyped error.")
  }

  struct Items: DeclaredCommand {
    static let commandName: String? = "items"
    static let about = CommandAbout(abstract: "List the dated items of every tool.")
  }

  struct Lines: DeclaredCommand {
    static let commandName: String? = "lines"
    static let about = CommandAbout(
      abstract: "Echo standard input, failing on lines starting with 'bad'.")
  }

  struct Said: CommandResult {
    let words: [String]
    let today: CivilDate
    let locale: String?
    func text(style: TextStyle) -> String { style.bold(words.joined(separator: " ")) }
  }

  struct Line: CommandResult {
    let line: String
    func text(style: TextStyle) -> String { line }
  }

  struct Untyped: Error {}

  func say(_ arguments: Arguments<Say>) throws -> CommandOutput {
    var words = try arguments.words
    if words.isEmpty { words = [settings.greeting] }
    if try arguments.upper { words = words.map { $0.uppercased() } }
    return .document(
      Said(words: words, today: context.today(), locale: try arguments.locale))
  }

  func lines() -> CommandOutput {
    let input = context.input
    return .stream { writer in
      for (index, line) in input.lines().enumerated() {
        if line.hasPrefix("bad") {
          writer.fail(
            line: index + 1, input: line, error: DataError("bad line '\(line)'", code: "bad"))
        } else {
          try writer.emit(Line(line: line))
        }
      }
    }
  }
}

/// A tool whose main command takes a date and whose subcommands can be mistyped; its data has dates.
struct CountTool: Tool, DatedItemProvider {
  func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    [
      DatedItem(date: range.upperBound, tool: "count", title: "last", kind: "test"),
      DatedItem(date: range.lowerBound, tool: "count", title: "first", kind: "test"),
    ]
  }

  static let descriptor = ToolDescriptor(name: "count", abstract: "Count to a date.")
  static let commands: [Command<Self>] = [
    Command(Main.self) { _, arguments in .verbatim(try arguments.target + "\n") },
    Command(Lunar.self) { _, _ in .verbatim("lunar\n") },
  ]

  init(context: ToolContext) {}

  struct Main: DeclaredCommand {
    let target = positional("target", help: "A date.")
    static let commandName: String? = nil
    static let about = CommandAbout(abstract: "Count.", examples: ["toolbox count 2026-12-25"])
  }

  struct Lunar: DeclaredCommand {
    static let commandName: String? = "lunar"
    static let about = CommandAbout(abstract: "Convert.", examples: ["toolbox count lunar"])
  }
}
