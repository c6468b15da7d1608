import ToolboxCore
import ToolboxTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The binary's interactive mode (`toolbox ui`): the screens of the enabled built-in tools that have one
/// (``ScreenProvider``), in the tab bar's order, on the real terminal (``TerminalDevice``).
public struct LiveInteractiveUI: InteractiveUI {
  public init() {}

  public func run(session: Session, screen: String?) throws {
    try TerminalDevice.check(environment: session.system.environment)
    // Screens run as text commands do, whatever `--format` says (colour is decided for text).
    var session = session
    session.globals.format = .text
    let providers = Self.providers(session)
    guard !providers.isEmpty else {
      throw UsageError(
        "no screen to show: every tool with a screen is disabled in config", code: "no_screens")
    }
    let names = providers.map { $0.tool.descriptor.name }
    let selected = try Self.index(of: screen, in: names, session: session)
    // The context's errors (an invalid --today, no home folder) are every tool's: reported before
    // anything is drawn.
    let first = try session.context(for: names[selected])
    let tabs = providers.map { provider in
      let name = provider.tool.descriptor.name
      do {
        let context = name == names[selected] ? first : try session.context(for: name)
        return TerminalApp.Tab(screen: try provider.screen.makeScreen(context: context))
      } catch let error as any ToolboxError {
        return TerminalApp.Tab(title: name, failure: error.description)
      } catch {
        return TerminalApp.Tab(title: name, failure: String(describing: error))
      }
    }
    let app = TerminalApp(
      tabs: tabs, selected: selected, theme: Theme(usesColor: first.style.isEnabled))
    let terminal = try TerminalDevice(environment: session.system.environment)
    let ending: TerminalApp.Ending
    do {
      ending = try app.run(on: terminal)
    } catch {
      terminal.restore()
      throw error
    }
    terminal.restore()
    if case .signal(let number) = ending {
      // Ended by a signal: the terminal is restored; the status says which signal, as a shell's would.
      session.system.console.flush()
      exit(128 + number)
    }
  }

  /// The enabled built-in tools that have a screen, by their place in the tab bar.
  static func providers(_ session: Session) -> [(
    tool: any Tool.Type, screen: any ScreenProvider.Type
  )] {
    session.registry.builtIns.compactMap { tool in
      guard session.config.isEnabled(tool.descriptor.name),
        let screen = tool as? any ScreenProvider.Type
      else { return nil }
      return (tool, screen)
    }
    .sorted { $0.screen.screenPosition < $1.screen.screenPosition }
  }

  /// The tab to open on: the named screen's, else the first.
  ///
  /// - Throws: ``UsageError`` (64) for a name that is no screen (with a suggestion), or
  ///   ``UnavailableError`` (69) for the screen of a tool that config disables.
  static func index(of screen: String?, in names: [String], session: Session) throws -> Int {
    guard let screen else { return 0 }
    if let index = names.firstIndex(of: screen) { return index }
    let disabled = session.registry.builtIns.contains { tool in
      tool.descriptor.name == screen && tool is any ScreenProvider.Type
    }
    if disabled {
      throw UnavailableError(
        "\(screen): disabled in config (\(session.config.path ?? "built-in defaults"))",
        code: "tool_disabled")
    }
    throw UsageError(
      "unknown screen '\(screen)'" + Suggestion.hint(for: screen, in: names),
      code: "unknown_screen",
      usage: "toolbox ui [\(names.joined(separator: "|"))]")
  }
}
