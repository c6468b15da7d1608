/// The seam of `toolbox ui`: Core routes the command and parses its arguments; the interactive mode itself
/// (a terminal layer and the tools' screens, `ToolboxTerminal`) is supplied by the binary, as HTTP is.
public protocol InteractiveUI: Sendable {
  /// Runs the interactive mode until the user quits.
  ///
  /// - Parameters:
  ///   - session: The invocation (registry, config, global options, seams).
  ///   - screen: The screen to open on (a tool's name), or `nil` for the first.
  /// - Throws: ``UsageError`` (64) when standard input or output is not a terminal or the screen is
  ///   unknown; the terminal is restored before anything is thrown.
  func run(session: Session, screen: String?) throws
}

/// No interactive mode (tests and harnesses that do not supply one).
public struct UnavailableInteractiveUI: InteractiveUI {
  public init() {}

  public func run(session: Session, screen: String?) throws {
    throw UsageError("the interactive mode is not part of this build", code: "not_a_terminal")
  }
}
