import ToolboxCore
import ToolboxTerminal

/// The D-Day screen of `toolbox ui`, second in the tab bar.
extension DDayTool: ScreenProvider {
  public static var screenPosition: Int { 2 }

  /// Opens the saved D-Days' store (if there is one: the screen creates it with the first D-Day it adds)
  /// and keeps it open for the session.
  ///
  /// - Throws: The store's error (``StoreError``, ``ConfigError``, …), or a ``ConfigError`` for an
  ///   invalid locale.
  public static func makeScreen(context: ToolContext) throws -> any Screen {
    try DDayScreen(tool: DDayTool(context: context))
  }
}
