import CCurl

/// A response frame: its text lines after the version line, then the body's bytes (written separately,
/// never copied into one array: the body may be 32 MB).
struct Frame {
  var head: [UInt8]
  var body: [UInt8] = []

  /// An error frame: `error <kind> <message>`, the message on one line.
  static func error(_ kind: String, _ message: String) -> Frame {
    Frame(head: Array("error \(kind) \(singleLine(message))\n".utf8))
  }
}

/// The protocol version of the frames written: 2 for a one-shot request, 3 in a session. Set once, before
/// anything is written.
nonisolated(unsafe) var frameVersion = 2

/// Serializes the end of the process: the watchdog and the finished transfer may race, only one frame is
/// written. Allocated once, never freed (the process ends with it).
nonisolated(unsafe) private let finishing: UnsafeMutablePointer<pthread_mutex_t> = {
  let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  mutex.initialize(to: pthread_mutex_t())
  pthread_mutex_init(mutex, nil)
  return mutex
}()

/// Writes one complete frame and ends the process (`_exit`: no atexit handler runs while the other thread
/// may still be inside libcurl).
func finish(_ frame: Frame) -> Never {
  pthread_mutex_lock(finishing)
  writeFrame(frame)
  _exit(0)
}

/// Writes one complete frame and goes on (a session): the watchdog cannot write one meanwhile.
func send(_ frame: Frame) {
  pthread_mutex_lock(finishing)
  writeFrame(frame)
  pthread_mutex_unlock(finishing)
}

private func writeFrame(_ frame: Frame) {
  writeOut(Array("toolbox-http \(frameVersion)\n".utf8) + frame.head)
  writeOut(frame.body)
}

/// Writes an error frame and ends the process.
func fail(_ kind: String, _ message: String) -> Never {
  finish(.error(kind, message))
}

/// Writes bytes to standard output, retrying short writes; ends the process (status 3) if it cannot.
private func writeOut(_ bytes: [UInt8]) {
  bytes.withUnsafeBytes { buffer in
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let count = write(1, base + offset, buffer.count - offset)
      if count < 0 {
        if toolbox_errno() == EINTR { continue }
        _exit(3)
      }
      offset += count
    }
  }
}

/// The most standard input the helper reads: the header lines of a request frame (a few hundred bytes,
/// at most 1 MiB) and its body (at most 64 MiB).
let maximumRequestSize = Request.maximumHead + Request.maximumBody + 1

/// Starts the backstop: a thread that writes a `timeout` frame and ends the process 2 s after the
/// deadline, should libcurl not have given up by then (the caller normally kills the helper first).
func startWatchdog(timeout: Double) {
  let context = UnsafeMutablePointer<Double>.allocate(capacity: 1)
  context.initialize(to: timeout)
  var thread = pthread_t()
  let started = pthread_create(
    &thread, nil,
    { raw -> UnsafeMutableRawPointer? in
      guard let raw else { return nil }
      let timeout = raw.assumingMemoryBound(to: Double.self).pointee
      raw.deallocate()
      sleep(seconds: timeout + 2)
      fail("timeout", "no complete response within \(timeout) s")
    }, context)
  if started == 0 {
    pthread_detach(thread)
  } else {
    context.deallocate()
  }
}

/// Blocks the calling thread for `seconds` (at most a day).
private func sleep(seconds: Double) {
  let bounded = min(max(seconds, 0), 86_400)
  // Truncated, not `rounded(.down)`, which calls libm's floor (the helper does not link libm).
  let whole = Int(bounded)
  var request = timespec(tv_sec: whole, tv_nsec: Int((bounded - Double(whole)) * 1e9))
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0, toolbox_errno() == EINTR { request = remaining }
}

/// Seconds on the monotonic clock.
func monotonicNow() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
