import CCurl

/// Session mode (protocol 3): one helper serves many requests, one after the other, over its standard
/// input and output, with one libcurl handle, so the requests to one server share a connection (HTTP
/// keep-alive) and the helper starts, and libcurl and TLS are set up, once for all of them.
enum Session {
  /// Serves requests until standard input ends (the caller closed it, or died): then the helper exits 0.
  /// A frame that is malformed (or cut short) gets a `failed` error frame and ends the session: what
  /// follows it cannot be told apart from a request.
  static func run(_ input: inout Input) -> Never {
    guard toolbox_curl_global_init() == CURLE_OK else {
      finish(.error("failed", "cannot initialize libcurl"))
    }
    guard let handle = curl_easy_init() else {
      finish(.error("failed", "cannot create a curl handle"))
    }
    let watchdog = Watchdog()
    while true {
      switch input.nextFrame() {
      case .end:
        // Nothing is left to answer: no cleanup needed, and none is done (a connection may be open).
        _exit(0)
      case .malformed:
        finish(
          .error("failed", "malformed request frame (toolbox-http session: protocol version 3)"))
      case .request(let request):
        watchdog.arm(timeout: request.timeout)
        let frame = Exchange.run(request, on: handle)
        watchdog.disarm()
        send(frame)
      }
    }
  }
}

/// Standard input, read in chunks: the first line says which protocol, then frame after frame (a
/// session).
struct Input {
  private var buffer: [UInt8] = []
  private var start = 0
  private var ended = false

  /// What came next.
  enum Next {
    case request(Request)
    case malformed
    /// Standard input ended before a frame began.
    case end
  }

  /// Reads more bytes (at most 64 KiB); `false` at the end of input or on a read error.
  private mutating func fill() -> Bool {
    if ended { return false }
    if start > 0, start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, toolbox_errno() == EINTR { continue }
      if count <= 0 {
        ended = true
        return false
      }
      buffer.append(contentsOf: chunk[0..<count])
      return true
    }
  }

  /// The first line (the version line), without consuming it; `nil` if input ends before one, or it is
  /// longer than a version line can be.
  mutating func peekFirstLine() -> [UInt8]? {
    while true {
      if let end = buffer[start...].firstIndex(of: 10) { return Array(buffer[start..<end]) }
      guard buffer.count - start <= 64, fill() else { return nil }
    }
  }

  /// Everything to the end of input (a one-shot frame), at most `limit` bytes and one more.
  mutating func readAll(limit: Int) -> [UInt8] {
    while buffer.count - start <= limit, fill() {}
    return Array(buffer[start...])
  }

  /// The next session frame: its header lines (at most ``Request/maximumHead`` bytes) up to the empty
  /// line, then exactly the body the `body` line announces.
  mutating func nextFrame() -> Next {
    // How far the search for the empty line got, from `start` (``fill()`` may move the buffer's bytes).
    var scanned = 0
    var headEnd: Int?
    while headEnd == nil {
      var index = start + scanned
      while index < buffer.count {
        // An empty line: a line feed at the start, or right after a line feed that ended a line (one
        // not after a carriage return: CR LF stays inside a line).
        if buffer[index] == 10,
          index == start
            || (buffer[index - 1] == 10 && (index - 1 == start || buffer[index - 2] != 13))
        {
          headEnd = index + 1
          break
        }
        index += 1
      }
      scanned = index - start
      if headEnd != nil { break }
      if buffer.count - start > Request.maximumHead { return .malformed }
      if !fill() { return buffer.count == start ? .end : .malformed }
    }
    guard let headEnd,
      let (head, bodyCount) = Request.parseHead(buffer[start..<headEnd], version: 3)
    else { return .malformed }
    var request = head
    while buffer.count - headEnd < bodyCount {
      if !fill() { return .malformed }
    }
    request.body = Array(buffer[headEnd..<(headEnd + bodyCount)])
    start = headEnd + bodyCount
    return .request(request)
  }
}

/// The backstop of a session: a thread that writes a `timeout` frame and ends the process 2 s after the
/// deadline of the request being served, should libcurl not have given up by then (the caller normally
/// kills the helper first). Between requests it waits without a deadline.
struct Watchdog {
  /// What the thread and the session share, guarded by its mutex. Allocated once, never freed (the
  /// process ends with it).
  private struct Shared {
    var lock = pthread_mutex_t()
    /// Monotonic seconds; 0 when idle.
    var deadline = 0.0
    /// The timeout of the request being served, for the message.
    var timeout = 0.0
  }

  private let shared: UnsafeMutablePointer<Shared>

  init() {
    shared = .allocate(capacity: 1)
    shared.initialize(to: Shared())
    pthread_mutex_init(&shared.pointee.lock, nil)
    var thread = pthread_t()
    if pthread_create(&thread, nil, { raw in Watchdog.watch(raw) }, UnsafeMutableRawPointer(shared))
      == 0
    {
      pthread_detach(thread)
    }
  }

  private static func watch(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let shared = raw?.assumingMemoryBound(to: Shared.self) else { return nil }
    while true {
      pthread_mutex_lock(&shared.pointee.lock)
      let deadline = shared.pointee.deadline
      let timeout = shared.pointee.timeout
      pthread_mutex_unlock(&shared.pointee.lock)
      if deadline > 0, monotonicNow() > deadline {
        fail("timeout", "no complete response within \(timeout) s")
      }
      var pause = timespec(tv_sec: 0, tv_nsec: 250_000_000)
      var remaining = timespec()
      nanosleep(&pause, &remaining)
    }
  }

  /// Starts the clock for a request of `timeout` seconds.
  func arm(timeout: Double) {
    pthread_mutex_lock(&shared.pointee.lock)
    shared.pointee.deadline = monotonicNow() + timeout + 2
    shared.pointee.timeout = timeout
    pthread_mutex_unlock(&shared.pointee.lock)
  }

  /// Stops it: the request was answered.
  func disarm() {
    pthread_mutex_lock(&shared.pointee.lock)
    shared.pointee.deadline = 0
    pthread_mutex_unlock(&shared.pointee.lock)
  }
}
