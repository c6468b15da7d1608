import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ``HTTPClient`` that ``HelperHTTPClient/session()`` returns: one `toolbox-http` process serves every
/// exchange, one after the other, over its standard input and output (protocol 3, length-framed requests
/// and responses), so a sync of 1,000 items starts one helper, not 1,000, and its requests to the server
/// share one connection (HTTP keep-alive).
///
/// The helper is started by the first request and ends when this client is released (its standard input
/// closes). Each exchange keeps the one-shot exchange's rules: the request is checked first
/// (``HelperHTTPClient/check(_:)``), credentials travel only in the request frame, the response is bounded
/// (the helper refuses a body over 32 MB or headers over 100 KB, and this client a frame over that), and
/// the deadline is this client's: at the deadline, or when the helper ends without an answer, the helper
/// is killed and the next request starts a new one. Exchanges are serialized (a lock).
public final class HelperHTTPSession: HTTPClient, @unchecked Sendable {
  /// The helper's path and environment.
  let helper: String
  let environment: [String: String]

  /// The running helper: its process, the socket of its standard input and output, and that of its
  /// standard error. Guarded by ``lock``.
  private struct Running {
    var pid: pid_t
    var channel: Int32
    var errors: Int32
  }
  private var running: Running?
  private let lock: UnsafeMutablePointer<pthread_mutex_t>

  /// Creates the session; the helper starts with the first request.
  ///
  /// - Parameters:
  ///   - helper: The helper's path (or a name looked up on `PATH`).
  ///   - environment: The helper's environment.
  public init(helper: String, environment: [String: String]) {
    self.helper = helper
    self.environment = environment
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(lock, nil)
  }

  deinit {
    stop(kill: false)
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  /// The process id of the running helper, if one runs (for tests).
  var helperProcess: pid_t? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return running?.pid
  }

  public func send(_ request: HTTPRequest, notice: WaitingNotice?) throws -> HTTPResponse {
    try HelperHTTPClient.check(request)
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return try exchange(
      frame: HelperHTTPClient.requestFrame(request, version: 3), timeout: request.timeout,
      host: HelperHTTPClient.host(of: request.url), notice: notice
    ).get()
  }

  public func session() -> any HTTPClient { self }

  // MARK: - The helper

  /// Starts the helper.
  private func start() -> Result<Running, any Error> {
    var channel: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &channel) == 0 else {
      return .failure(HelperHTTPClient.systemError("cannot create a socket pair"))
    }
    guard socketpair(AF_UNIX, type, 0, &errors) == 0 else {
      HelperHTTPClient.closeAll(channel)
      return .failure(HelperHTTPClient.systemError("cannot create a socket pair"))
    }
    switch HelperHTTPClient.spawn(
      helper: helper, environment: environment, channel: channel, errors: errors)
    {
    case .success(let pid):
      close(channel[1])
      close(errors[1])
      for descriptor in [channel[0], errors[0]] {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      }
      return .success(Running(pid: pid, channel: channel[0], errors: errors[0]))
    case .failure(let error):
      HelperHTTPClient.closeAll(channel + errors)
      return .failure(error)
    }
  }

  /// Ends the helper: closes its standard input (it exits at once, being between requests) and waits
  /// for it at most a second, or kills it.
  ///
  /// - Returns: Its exit status (128 + the signal), `nil` if none was running or it had to be killed.
  @discardableResult
  private func stop(kill killing: Bool) -> Int32? {
    guard let helper = running else { return nil }
    running = nil
    close(helper.channel)
    close(helper.errors)
    if killing {
      kill(helper.pid, SIGKILL)
      _ = SystemProcessRunner.wait(for: helper.pid)
      return nil
    }
    return HelperHTTPClient.waitUntil(HelperHTTPClient.monotonicNow() + 1, pid: helper.pid)
  }

  /// One exchange with the running helper (started first if none runs).
  private func exchange(
    frame: [UInt8], timeout: Double, host: String, notice: WaitingNotice?
  ) -> Result<HTTPResponse, any Error> {
    let start = HelperHTTPClient.monotonicNow()
    let deadline = start + timeout
    if running == nil {
      switch self.start() {
      case .success(let started): running = started
      case .failure(let error): return .failure(error)
      }
    }
    guard let helper = running else {
      return .failure(UnavailableError("the HTTP helper is not running", code: "helper_failed"))
    }
    var pendingNotice = notice
    var response: [UInt8] = []
    var diagnostics: [UInt8] = []
    var written = 0
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var channelOpen = true
    var errorsOpen = true
    while true {
      switch Self.frameLength(response) {
      case .complete(let length):
        guard length == response.count else {
          stop(kill: true)
          return .failure(
            UnavailableError(
              "the HTTP helper '\(self.helper)' wrote more than one answer", code: "helper_failed"))
        }
        if let result = HelperHTTPClient.parseResponseFrame(response, host: host, version: 3) {
          return result
        }
        stop(kill: true)
        return .failure(
          UnavailableError(
            "the HTTP helper '\(self.helper)' wrote an answer toolbox cannot read",
            code: "helper_failed"))
      case .malformed:
        stop(kill: true)
        return .failure(
          UnavailableError(
            "the HTTP helper '\(self.helper)' wrote an answer toolbox cannot read",
            code: "helper_failed"))
      case .incomplete:
        break
      }
      // A backstop: the helper stops a body over the limit itself.
      if response.count
        > HelperHTTPClient.maximumResponseSize + HelperHTTPClient.maximumFrameOverhead
      {
        stop(kill: true)
        return .failure(HelperHTTPClient.responseTooLarge)
      }
      guard channelOpen else {
        // The helper ended (or closed its output) without a whole answer.
        let status = stop(kill: false)
        return .failure(
          HelperHTTPClient.endedWithoutAnswer(
            helper: self.helper, ending: status.map { "exit status \($0)" } ?? "still running",
            diagnostics: diagnostics))
      }
      let remaining = deadline - HelperHTTPClient.monotonicNow()
      guard remaining > 0 else {
        stop(kill: true)
        return .failure(
          UnavailableError(
            "no complete response within \(HelperHTTPClient.seconds(timeout)) s", code: "timeout"))
      }
      let writing = written < frame.count
      var descriptors = [
        pollfd(
          fd: helper.channel, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0)
      ]
      if errorsOpen {
        descriptors.append(pollfd(fd: helper.errors, events: Int16(POLLIN), revents: 0))
      }
      var wait = remaining
      if let notice = pendingNotice {
        let untilNotice = start + notice.after - HelperHTTPClient.monotonicNow()
        if untilNotice <= 0 {
          notice.action()
          pendingNotice = nil
        } else {
          wait = min(wait, untilNotice)
        }
      }
      if poll(&descriptors, nfds_t(descriptors.count), Int32(min(wait * 1000 + 1, 60_000))) < 0 {
        if errno == EINTR { continue }
        stop(kill: true)
        return .failure(HelperHTTPClient.systemError("cannot wait for the HTTP helper"))
      }
      for descriptor in descriptors where descriptor.revents != 0 {
        if descriptor.fd == helper.channel, writing, descriptor.revents & Int16(POLLOUT) != 0 {
          let count = frame.withUnsafeBytes { bytes in
            sendWithoutSignal(
              descriptor.fd, bytes.baseAddress.map { $0 + written }, frame.count - written)
          }
          if count > 0 { written += count }
          // The helper is gone: what it wrote, if anything, is read below until its end.
          if count < 0, errno != EAGAIN, errno != EINTR { written = frame.count }
        }
        guard descriptor.revents & ~Int16(POLLOUT) != 0 else { continue }
        let count = buffer.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
        if count > 0 {
          if descriptor.fd == helper.channel {
            response.append(contentsOf: buffer[0..<count])
          } else if diagnostics.count < 4096 {
            diagnostics.append(contentsOf: buffer[0..<count])
          }
        } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
          if descriptor.fd == helper.channel { channelOpen = false } else { errorsOpen = false }
        }
      }
    }
  }

  /// How much of a response frame has arrived.
  enum FrameLength: Equatable {
    /// The frame is whole: its length in bytes.
    case complete(Int)
    case incomplete
    /// Not a frame of protocol 3.
    case malformed
  }

  /// Where the response frame at the start of `bytes` ends: after its `error` line, or after the body
  /// its `body` line announces.
  static func frameLength(_ bytes: [UInt8]) -> FrameLength {
    let version = Array("toolbox-http 3".utf8)
    var index = 0
    var lineNumber = 0
    while let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
      let line = bytes[index..<end]
      index = end + 1
      lineNumber += 1
      if lineNumber == 1 {
        guard line.elementsEqual(version) else { return .malformed }
      } else if lineNumber == 2, line.starts(with: Array("error ".utf8)) {
        return .complete(index)
      } else if line.starts(with: Array("body ".utf8)) {
        let digits = line.dropFirst(5)
        guard !digits.isEmpty, digits.count <= 9,
          digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return .malformed }
        let count = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return bytes.count - index >= count ? .complete(index + count) : .incomplete
      }
      if index > HelperHTTPClient.maximumFrameOverhead { return .malformed }
    }
    if bytes.count - index > HelperHTTPClient.maximumFrameOverhead { return .malformed }
    return .incomplete
  }
}
