/// What happened while ``TerminalConnection/nextEvent(timeout:)`` waited.
public enum TerminalEvent: Equatable, Sendable {
  /// Bytes the terminal sent (keys, a paste, mouse reports), undecoded.
  case input([UInt8])
  /// Nothing happened before the timeout.
  case timeout
  /// The window changed size (SIGWINCH): read ``TerminalConnection/size`` again and draw everything.
  case resized
  /// The process was stopped and continued from outside (SIGCONT): the terminal is set up again, and the
  /// screen must be drawn anew.
  case resumed
  /// Someone asked the process to stop (SIGTSTP sent by another process): suspend as for Ctrl-Z.
  case suspendRequested
  /// The process is asked to end (SIGTERM, SIGHUP, SIGINT sent by another process, or the terminal went
  /// away): the signal's number, for the exit status 128 + signal.
  case terminated(signal: Int32)
}

/// The terminal an app runs on: the real one (``TerminalDevice``) or, in tests, a script of events with a
/// virtual screen.
public protocol TerminalConnection: AnyObject {
  /// The size in columns and rows.
  var size: (width: Int, height: Int) { get }
  /// Waits for input or a signal, at most `timeout` milliseconds.
  ///
  /// - Parameter timeout: The longest wait, in milliseconds.
  /// - Returns: What happened.
  /// - Throws: An error when the terminal cannot be read.
  func nextEvent(timeout: Int) throws -> TerminalEvent
  /// Writes bytes (a frame's, a bell).
  ///
  /// - Parameter bytes: The bytes.
  /// - Throws: An error when the terminal cannot be written.
  func write(_ bytes: [UInt8]) throws
  /// Suspends the process with the terminal restored (Ctrl-Z), and returns once it is continued and set up
  /// again; the app then draws everything.
  ///
  /// - Throws: An error when the terminal cannot be set up again.
  func suspend() throws
}
