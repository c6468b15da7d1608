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

  let context: ToolContext
  let settings: Settings

  init(context: ToolContext) throws {
    self.context = context
    settings = try context.settings(Settings.self)
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

  var commands: [Command] {
    [
      Command(
        CommandSpec(
          name: "say", abstract: "Say the words.",
          arguments: [
            .positional("words", help: "What to say.", optional: true, repeating: true),
            .flag("upper", short: "u", help: "Shout."),
            .option("locale", valueName: "locale", help: "A locale."),
          ],
          examples: ["toolbox echo say hi there"])
      ) { arguments in
        var words = arguments.strings("words")
        if words.isEmpty { words = [settings.greeting] }
        if arguments.flag("upper") { words = words.map { $0.uppercased() } }
        return .document(
          Said(words: words, today: context.today(), locale: arguments.string("locale")))
      },
      Command(CommandSpec(name: "fail", abstract: "Fail with a data error.")) { _ in
        throw DataError("cannot read '\("x")'", code: "bad_x")
      },
      Command(CommandSpec(name: "crash", abstract: "Throw an untyped error.")) { _ in
        throw Untyped()
      },
      Command(
        CommandSpec(
          name: "lines", abstract: "Echo standard input, failing on lines starting with 'bad'.")
      ) { _ in
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
      },
    ]
  }
}
