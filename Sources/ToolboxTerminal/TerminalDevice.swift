import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real terminal: standard input in raw mode, standard output in the alternate screen, and the
/// signals that concern a full-screen program, all undone by ``restore()``.
///
/// Set-up saves the terminal's state (termios) and turns off line editing, echo, signal keys, flow
/// control, CR-to-LF (so Ctrl-C, Ctrl-Z and Ctrl-S arrive as keys) and output processing (the renderer's
/// CR and LF are written as they are); it enters the alternate screen, hides the cursor and turns on
/// bracketed paste and SGR mouse reports. ``restore()`` puts back exactly what was saved (`stty -g`
/// reads the same before and after) and is safe to call more than once; a crash (a trap, `abort`, a bad
/// access) restores the terminal from its signal handler before the runtime reports it.
///
/// Signals come through a self-pipe: the handlers only write the signal's number into it, and
/// ``nextEvent(timeout:)`` `poll`s standard input and the pipe together (SIGWINCH, SIGCONT, SIGTSTP,
/// SIGTERM, SIGHUP, SIGINT). One instance at a time: the handlers are the process's. ``suspend()``
/// (Ctrl-Z, a key here) restores the terminal and stops the whole process group with SIGTSTP's default
/// action, as the terminal's own Ctrl-Z would.
public final class TerminalDevice: TerminalConnection {
  /// What enters the alternate screen and turns the modes on: alternate screen with the cursor saved,
  /// cursor hidden, bracketed paste, mouse button reports in SGR form.
  static let enterSequence = Array(
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h".utf8)
  /// What undoes it, in reverse order, with the attributes reset, the scroll region the whole screen (the
  /// renderer resets it in the write that sets it; this is for a write cut short) and the cursor shown.
  static let leaveSequence = Array(
    "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[0m\u{1B}[r\u{1B}[?25h\u{1B}[?1049l".utf8)
  /// The signals read through the pipe.
  static let forwardedSignals: [Int32] = [SIGWINCH, SIGCONT, SIGTSTP, SIGTERM, SIGHUP, SIGINT]
  /// The signals of a crash: the terminal is restored, then the previous handler (the runtime's
  /// backtracer, or the default) runs.
  static let crashSignals: [Int32] = [SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

  private let input: Int32 = 0
  private let output: Int32 = 1
  private var saved = termios()
  private var pipeEnds: (read: Int32, write: Int32) = (-1, -1)
  private var previousActions: [Int32: sigaction] = [:]
  private var isSetUp = false
  private var events: [TerminalEvent] = []

  /// Refuses what is not an interactive terminal: standard input or output not a TTY, `TERM` unset,
  /// empty or `dumb`.
  ///
  /// - Parameter environment: The environment (for `TERM`).
  /// - Throws: ``UsageError`` (64) saying what is missing.
  public static func check(environment: Environment) throws(UsageError) {
    guard isatty(0) == 1, isatty(1) == 1 else {
      throw UsageError(
        "ui: standard input and output must be a terminal", code: "not_a_terminal")
    }
    guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else {
      let value = environment["TERM"].map { "'\($0)'" } ?? "not set"
      throw UsageError(
        "ui: TERM is \(value): the interactive mode needs a terminal that reads escape sequences",
        code: "not_a_terminal")
    }
  }

  /// Checks the terminal and sets it up.
  ///
  /// - Parameter environment: The environment (for `TERM`).
  /// - Throws: ``UsageError`` (64) when it is not an interactive terminal (nothing is written then);
  ///   ``FileSystemError`` (74) when it cannot be set up (the terminal is restored first).
  public init(environment: Environment) throws {
    try Self.check(environment: environment)
    guard tcgetattr(input, &saved) == 0 else {
      throw UsageError(
        "ui: standard input and output must be a terminal (\(Self.reason(errno)))",
        code: "not_a_terminal")
    }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw FileSystemError("cannot set up the terminal: \(Self.reason(errno))")
    }
    pipeEnds = (ends[0], ends[1])
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    installHandlers()
    do {
      try enter()
    } catch {
      restore()
      throw error
    }
  }

  deinit { restore() }

  /// Raw mode, the alternate screen and the modes (again, after a suspend or a resume).
  private func enter() throws {
    var raw = saved
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    // No output processing: the renderer's CR is a carriage return (whatever `ocrnl` says), and its LF
    // a line feed that keeps the column (whatever `onlcr` says).
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    while tcsetattr(input, TCSANOW, &raw) != 0 {
      guard errno == EINTR else {
        throw FileSystemError("cannot set up the terminal: \(Self.reason(errno))")
      }
    }
    isSetUp = true
    Self.emergency.install(saved: saved, leave: Self.leaveSequence)
    try write(Self.enterSequence)
  }

  /// Leaves the alternate screen and puts the saved terminal state back (the handlers stay).
  private func leave() {
    guard isSetUp else { return }
    isSetUp = false
    try? write(Self.leaveSequence)
    while tcsetattr(input, TCSANOW, &saved) != 0, errno == EINTR {}
  }

  /// Puts the terminal back as it was and removes the signal handlers. Safe to call more than once.
  public func restore() {
    leave()
    Self.emergency.uninstall()
    for (signal, action) in previousActions {
      var action = action
      sigaction(signal, &action, nil)
    }
    previousActions = [:]
    signalPipe = -1
    if pipeEnds.read >= 0 {
      close(pipeEnds.read)
      close(pipeEnds.write)
      pipeEnds = (-1, -1)
    }
  }

  // MARK: - TerminalConnection

  public var size: (width: Int, height: Int) {
    var window = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0
    else { return (80, 24) }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  public func nextEvent(timeout: Int) throws -> TerminalEvent {
    if !events.isEmpty { return events.removeFirst() }
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(max(timeout, 0))
    while true {
      var descriptors = [
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: pipeEnds.read, events: Int16(POLLIN), revents: 0),
      ]
      let (seconds, attoseconds) = (deadline - clock.now).components
      let remaining = max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
      let ready = poll(&descriptors, 2, Int32(clamping: remaining))
      if ready < 0 {
        guard errno == EINTR else {
          throw FileSystemError("cannot read the terminal: \(Self.reason(errno))")
        }
        continue  // a signal: its byte is in the pipe
      }
      if ready == 0 { return .timeout }
      if descriptors[1].revents & Int16(POLLIN) != 0 {
        try readSignals()
        if !events.isEmpty { return events.removeFirst() }
      }
      let inputEvents = descriptors[0].revents
      if inputEvents & Int16(POLLIN) != 0 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count > 0 { return .input(Array(buffer[0..<count])) }
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        return .terminated(signal: SIGHUP)  // the terminal is gone (end of file, EIO)
      }
      if inputEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
        return .terminated(signal: SIGHUP)
      }
    }
  }

  public func write(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        systemWrite(output, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if count > 0 {
        offset += count
      } else if count < 0, errno == EINTR {
        continue
      } else if count < 0, errno == EAGAIN {
        var descriptor = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
        _ = poll(&descriptor, 1, 1000)
      } else {
        throw WriteError(stream: .output, number: count < 0 ? errno : EIO)
      }
    }
  }

  public func suspend() throws {
    leave()
    // Stopped as the terminal's Ctrl-Z would stop it: the whole process group, with the default action.
    var stop = sigaction()
    stop.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&stop.sa_mask)
    var own = sigaction()
    sigaction(SIGTSTP, &stop, &own)
    kill(0, SIGTSTP)
    // Continued (fg): the handler again, and the terminal set up again.
    sigaction(SIGTSTP, &own, nil)
    try readSignals()
    events.removeAll { $0 == .resumed }
    try enter()
  }

  // MARK: - Signals

  private func installHandlers() {
    signalPipe = pipeEnds.write
    for signal in Self.forwardedSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = forwardSignal
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      var previous = sigaction()
      if sigaction(signal, &action, &previous) == 0 { previousActions[signal] = previous }
    }
  }

  /// Reads the signals' bytes and queues their events: an end first, each kind once.
  private func readSignals() throws {
    var buffer = [UInt8](repeating: 0, count: 64)
    var signals: [Int32] = []
    while true {
      let count = buffer.withUnsafeMutableBytes { read(pipeEnds.read, $0.baseAddress, $0.count) }
      if count > 0 {
        signals += buffer[0..<count].map { Int32($0) }
        continue
      }
      if count < 0, errno == EINTR { continue }
      break
    }
    for signal in [SIGTERM, SIGHUP, SIGINT] where signals.contains(signal) {
      events.append(.terminated(signal: signal))
      return
    }
    if signals.contains(SIGCONT) {
      // Stopped and continued from outside: the shell may have set the terminal its way meanwhile.
      try enter()
      events.append(.resumed)
    }
    if signals.contains(SIGWINCH) { events.append(.resized) }
    if signals.contains(SIGTSTP) { events.append(.suspendRequested) }
  }

  private static func reason(_ number: Int32) -> String { String(cString: strerror(number)) }

  // MARK: - Crashes

  /// What a crash handler needs, made before any crash: the saved state and the bytes that leave the
  /// alternate screen, in memory that is never moved or freed while installed.
  static let emergency = EmergencyRestore()
}

/// `write(2)` (the class's own `write` hides it there).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// The write end of the signal pipe, for the handlers (which cannot capture anything): `-1` when none.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// A forwarded signal's handler: writes the signal's number into the pipe (async-signal-safe: `write`
/// only, `errno` kept).
private func forwardSignal(_ signal: Int32) {
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  if signalPipe >= 0 { _ = write(signalPipe, &byte, 1) }
  errno = savedErrno
}

/// The crash handlers' state (C signal handlers reach it through module globals).
final class EmergencyRestore: Sendable {
  func install(saved: termios, leave: [UInt8]) {
    uninstall()
    let state = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    state.initialize(to: saved)
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: leave.count)
    bytes.initialize(from: leave, count: leave.count)
    emergencyState = state
    emergencyBytes = (bytes, leave.count)
    for signal in TerminalDevice.crashSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = restoreOnCrash
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      var previous = sigaction()
      if sigaction(signal, &action, &previous) == 0 { emergencyPrevious[Int(signal)] = previous }
    }
  }

  func uninstall() {
    guard let state = emergencyState else { return }
    for signal in TerminalDevice.crashSignals {
      if var previous = emergencyPrevious[Int(signal)] {
        sigaction(signal, &previous, nil)
        emergencyPrevious[Int(signal)] = nil
      }
    }
    emergencyState = nil
    state.deallocate()
    if let bytes = emergencyBytes {
      emergencyBytes = nil
      bytes.pointer.deallocate()
    }
  }
}

nonisolated(unsafe) private var emergencyState: UnsafeMutablePointer<termios>?
nonisolated(unsafe) private var emergencyBytes: (pointer: UnsafeMutablePointer<UInt8>, count: Int)?
/// The handlers a crash handler replaced, by signal number (a fixed array: no allocation in a handler).
nonisolated(unsafe) private var emergencyPrevious: [sigaction?] = Array(repeating: nil, count: 65)

/// A crash's handler: leaves the alternate screen, puts the terminal state back, puts the previous
/// handler back and returns: the faulting instruction runs again and the previous handler reports it (an
/// `abort` raises its signal again itself).
private func restoreOnCrash(_ signal: Int32) {
  if let bytes = emergencyBytes { _ = write(1, bytes.pointer, bytes.count) }
  if let state = emergencyState { _ = tcsetattr(0, TCSANOW, state) }
  if signal >= 0, signal < 65, var previous = emergencyPrevious[Int(signal)] {
    sigaction(signal, &previous, nil)
  } else {
    var fallback = sigaction()
    fallback.__sigaction_handler.sa_handler = SIG_DFL
    sigaction(signal, &fallback, nil)
  }
}
