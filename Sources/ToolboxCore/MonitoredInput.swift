#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input as the dispatcher hands it to a tool: its lines stop as soon as the console cannot be
/// written any more (so a stream into a full disk or a closed pipe ends at once), and a line that was too
/// long is remembered for the dispatcher to report.
final class MonitoredInput: InputSource, @unchecked Sendable {
  private let base: any InputSource
  private let console: any Console
  /// The line that stopped a read for being too long, if any.
  private(set) var overlongLine: OverlongLine?

  init(_ base: any InputSource, console: any Console) {
    self.base = base
    self.console = console
  }

  func lines() -> LineSequence {
    let console = console
    return base.lines().monitored(
      stoppingWhen: { console.writeFailure != nil },
      onOverlongLine: { [self] line in
        if overlongLine == nil { overlongLine = line }
      })
  }
}
