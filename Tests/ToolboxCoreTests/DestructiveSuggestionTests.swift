import Testing
import ToolboxCore
import ToolboxTestSupport

/// A suggestion must never be a destructive command: a mistyped word answered with "did you mean 'do'?"
/// would complete the task if followed (issue 27: todo.sh's `dp` is depri, and toolbox suggested `do`).
@Suite struct DestructiveSuggestionTests {
  /// A tool with a destructive command (`done`, alias `do`; `wipe`) beside harmless ones.
  struct ChoreTool: Tool {
    static let descriptor = ToolDescriptor(name: "chore", abstract: "Chores.")
    static let commands: [Command<Self>] = [
      Command(Done.self) { _, _ in .verbatim("done\n") },
      Command(Dust.self) { _, _ in .verbatim("dust\n") },
      Command(Wipe.self) { _, _ in .verbatim("wipe\n") },
    ]
    init(context: ToolContext) {}

    struct Done: DeclaredCommand {
      static let commandName: String? = "done"
      static let commandAliases = ["do"]
      static let isDestructive = true
      static let about = CommandAbout(abstract: "Complete.")
    }

    struct Dust: DeclaredCommand {
      static let commandName: String? = "dust"
      static let about = CommandAbout(abstract: "Dust.")
    }

    struct Wipe: DeclaredCommand {
      static let commandName: String? = "wipe"
      static let isDestructive = true
      static let about = CommandAbout(abstract: "Wipe.")
    }
  }

  /// The same with a main command, so that a mistyped subcommand reaches it (``Dispatcher``'s check).
  struct SweepTool: Tool {
    static let descriptor = ToolDescriptor(name: "sweep", abstract: "Sweep.")
    static let commands: [Command<Self>] = [
      Command(Main.self) { _, arguments in .verbatim(try arguments.room + "\n") },
      Command(Wipe.self) { _, _ in .verbatim("wipe\n") },
      Command(Wash.self) { _, _ in .verbatim("wash\n") },
    ]
    init(context: ToolContext) {}

    struct Main: DeclaredCommand {
      static let commandName: String? = nil
      static let about = CommandAbout(abstract: "Sweep a room.")
      let room = positional("room", help: "A room.")
    }

    struct Wipe: DeclaredCommand {
      static let commandName: String? = "wipeout"
      static let isDestructive = true
      static let about = CommandAbout(abstract: "Wipe everything.")
    }

    struct Wash: DeclaredCommand {
      static let commandName: String? = "washing"
      static let about = CommandAbout(abstract: "Wash.")
    }
  }

  @Test(arguments: ["dp", "dn", "dne", "wip", "wipr"])
  func `a word close to a destructive command gets no suggestion`(word: String) {
    let result = ToolboxRunner(tools: [ChoreTool.self]).run("chore", word, "1")
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("toolbox: chore: unknown subcommand '\(word)'\n"))
    #expect(!result.error.contains("did you mean"))
  }

  @Test func `a word close to a harmless command still gets one`() {
    let result = ToolboxRunner(tools: [ChoreTool.self]).run("chore", "dusr")
    #expect(
      result.error.hasPrefix("toolbox: chore: unknown subcommand 'dusr' (did you mean 'dust'?)"))
  }

  @Test func `a main command does not turn a mistyped word into a destructive suggestion`() {
    let runner = ToolboxRunner(tools: [SweepTool.self])
    let wipe = runner.run("sweep", "wipeot", "now")
    #expect(wipe.status == 64)
    #expect(!wipe.error.contains("did you mean"), "\(wipe.error)")
    let wash = runner.run("sweep", "washin", "now")
    #expect(
      wash.error.hasPrefix("toolbox: sweep: unknown subcommand 'washin' (did you mean 'washing'?)"))
  }

  @Test func `suggestible names leave out destructive commands and their aliases`() {
    #expect(ChoreTool.commandNames.map(\.isDestructive) == [true, false, true])
    #expect(CommandNames.suggestible(ChoreTool.commandNames) == ["dust"])
  }
}
