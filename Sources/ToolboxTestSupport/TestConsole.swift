import Foundation
import ToolboxCore

/// A console that records what the dispatcher writes, for tests; it can also play a full disk.
public final class TestConsole: Console, @unchecked Sendable {
  /// Everything written to standard output.
  public private(set) var output = ""
  /// Everything written to standard error.
  public private(set) var error = ""
  public let isOutputTerminal: Bool
  public let isErrorTerminal: Bool
  public private(set) var writeFailure: WriteError?
  /// How many writes to standard output were attempted, including dropped ones.
  public private(set) var outputWrites = 0
  private let outputCapacity: Int?
  private var outputBytes = 0

  /// Creates a console.
  ///
  /// - Parameters:
  ///   - isOutputTerminal: Whether to pretend standard output is a terminal.
  ///   - isErrorTerminal: Whether to pretend standard error is a terminal.
  ///   - outputCapacity: When set, standard output holds this many bytes: a write that does not fit
  ///     fails with ENOSPC, as on a full disk, and everything after it is dropped.
  public init(
    isOutputTerminal: Bool = false, isErrorTerminal: Bool = false, outputCapacity: Int? = nil
  ) {
    self.isOutputTerminal = isOutputTerminal
    self.isErrorTerminal = isErrorTerminal
    self.outputCapacity = outputCapacity
  }

  public func writeOutput(_ text: String) {
    outputWrites += 1
    guard writeFailure?.stream != .output else { return }
    if let outputCapacity, outputBytes + text.utf8.count > outputCapacity {
      writeFailure = writeFailure ?? WriteError(stream: .output, number: ENOSPC)
      return
    }
    outputBytes += text.utf8.count
    output += text
  }

  public func writeError(_ text: String) { error += text }
  public func flush() {}
}

/// A clock stopped at a fixed date.
public struct FixedClock: WallClock {
  /// The date `today()` returns.
  public let date: CivilDate
  /// The time `now()` returns, seconds since 1970.
  public let time: Double
  /// The local time zone's offset from UTC, in seconds east (default 0: the clock's zone is UTC).
  public let offset: Int

  /// Creates a clock.
  ///
  /// - Parameters:
  ///   - date: Today.
  ///   - time: Now, in seconds since 1970 (default: noon UTC of `date`).
  ///   - utcOffset: The local time zone's offset from UTC in seconds east, at every moment.
  public init(_ date: CivilDate, time: Double? = nil, utcOffset: Int = 0) {
    self.date = date
    self.time = time ?? Double(date.dayNumber - 719_162) * 86_400 + 43_200
    self.offset = utcOffset
  }

  public func today() -> CivilDate { date }
  public func now() -> Double { time }
  public func utcOffset(atSecondsSince1970 secondsSince1970: Int) -> Int { offset }
  /// Returns at once: tests never wait.
  public func sleep(seconds: Double) {}
}

/// A clock stopped at a fixed date that records every wait asked of it instead of waiting; optionally
/// its time moves on by each wait (and by ``advance(by:)``), so deadlines can be tested without sleeping.
public final class RecordingClock: WallClock, @unchecked Sendable {
  private let clock: FixedClock
  private let lock = NSLock()
  private var recorded: [Double] = []
  private let advancesWhenSleeping: Bool
  private var elapsed = 0.0

  /// Creates a clock.
  ///
  /// - Parameters:
  ///   - date: Today.
  ///   - time: Now, in seconds since 1970 (default: noon UTC of `date`).
  ///   - advancesWhenSleeping: Whether `sleep(seconds:)` moves `now()` on instead of leaving it fixed.
  public init(_ date: CivilDate, time: Double? = nil, advancesWhenSleeping: Bool = false) {
    clock = FixedClock(date, time: time)
    self.advancesWhenSleeping = advancesWhenSleeping
  }

  /// The waits asked for so far, in seconds, in order.
  public var sleeps: [Double] { lock.withLock { recorded } }

  /// The seconds `now()` has moved on since the clock was made.
  public var elapsedTime: Double { lock.withLock { elapsed } }

  /// Moves `now()` on, as if the code under test had spent that long (e.g. in a request that timed out).
  public func advance(by seconds: Double) { lock.withLock { elapsed += max(seconds, 0) } }

  public func today() -> CivilDate { clock.today() }
  public func now() -> Double { lock.withLock { clock.now() + elapsed } }
  public func utcOffset(atSecondsSince1970 secondsSince1970: Int) -> Int {
    clock.utcOffset(atSecondsSince1970: secondsSince1970)
  }
  public func sleep(seconds: Double) {
    lock.withLock {
      recorded.append(seconds)
      if advancesWhenSleeping { elapsed += max(seconds, 0) }
    }
  }
}

extension CivilDate {
  /// A date from a literal known to be valid, for tests; 0001-01-01 if it is not.
  public static func test(_ text: String) -> CivilDate { CivilDate(text) ?? .minimum }
}
