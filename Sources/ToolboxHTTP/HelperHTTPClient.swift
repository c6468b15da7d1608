import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ``HTTPClient`` of the `toolbox` binary: it runs the helper executable `toolbox-http` for each
/// exchange, the way git runs `git-remote-http`, so that only the commands that talk HTTP (search, sync) load
/// libcurl (and the ~20 shared libraries it needs, which would cost every command start-up time and rule out
/// a fully static build). It lives in the shared module ToolboxHTTP, beside ToolboxCore, so that every tool
/// can use it; `HTTPClient` and `HTTPRequest` stay in Core.
///
/// The helper is found at ``HelperHTTPClient/overrideVariable`` (`TOOLBOX_HTTP`, or its former name
/// `TOOLBOX_SEARCH_HTTP`) if set, else in
/// `../libexec/toolbox/` from the running `toolbox`'s folder (an installation), else beside it
/// (`.build/debug`, `.build/release`), else on `PATH`.
/// The request goes to the helper's standard input and a framed response comes back on its standard output
/// (the protocol is described in `Sources/toolbox-http/main.swift`). The client enforces the overall
/// deadline itself by killing the helper, whatever the helper does (it gives up on its own only a second
/// later), so a server that trickles bytes cannot hang the exchange. Besides ``UnavailableError``, `send` throws a
/// ``BrokenBodyError`` (exit 69 `bad_response` if nobody catches it) when an answer's status and headers
/// arrived but its body was cut short or cannot be decoded, and a ``RefusedAnswerError`` (exit 69
/// `bad_response`) when the helper refused the answer: a body over ``maximumResponseSize`` (as sent or
/// once decoded), headers over 100 KB, a redirect it does not follow.
///
/// The helper follows the redirects of a GET or HEAD only, and with credentials only within the same
/// origin; any other method's redirect is an answer with its status and `location`, never followed, so a
/// PUT is never sent again elsewhere (``check(_:)`` lists what is refused before the helper runs).
public struct HelperHTTPClient: HTTPClient {
  /// The helper's executable name.
  public static let helperName = "toolbox-http"
  /// The environment variable that gives the helper's path explicitly.
  public static let overrideVariable = "TOOLBOX_HTTP"
  /// The variable's name from when the helper was search's own (`toolbox-search-http`): still read, when
  /// ``overrideVariable`` is not set, so that a setup that names the helper keeps working.
  public static let formerOverrideVariable = "TOOLBOX_SEARCH_HTTP"
  /// The largest body accepted, as sent and once decoded (the API's largest answers are well under 2 MB).
  /// The helper enforces it while receiving; its frame may add up to ``maximumFrameOverhead`` of status and
  /// headers.
  public static let maximumResponseSize = 32 << 20
  /// Room in the helper's frame for the status and header lines (the helper refuses headers over 100 KB).
  static let maximumFrameOverhead = 1 << 20

  private let helperPath: String?
  private let environment: Environment?

  /// Creates the client.
  ///
  /// - Parameters:
  ///   - helperPath: The helper to run; `nil` to look it up when a request is sent (override variable, the
  ///     running executable's folder, `PATH`).
  ///   - environment: The helper's environment; `nil` for this process's, read when a request is sent.
  public init(helperPath: String? = nil, environment: Environment? = nil) {
    self.helperPath = helperPath
    self.environment = environment
  }

  public func send(_ request: HTTPRequest, notice: WaitingNotice?) throws -> HTTPResponse {
    try Self.check(request)
    let environment = environment ?? Environment.process
    let helper = helperPath ?? Self.locateHelper(environment: environment)
    return try Self.exchange(
      helper: helper, environment: environment.variables, frame: Self.requestFrame(request),
      timeout: request.timeout, host: Self.host(of: request.url), notice: notice
    ).get()
  }

  /// A client that runs one helper for all its exchanges (protocol 3, a session): the helper starts, and
  /// sets up libcurl, once, and keeps the connection to a server open from one request to the next. The
  /// helper ends when the returned client is released (it closes the helper's standard input).
  public func session() -> any HTTPClient {
    let environment = environment ?? Environment.process
    return HelperHTTPSession(
      helper: helperPath ?? Self.locateHelper(environment: environment),
      environment: environment.variables)
  }

  // MARK: - Locating the helper

  /// The helper's path: the override variable, else where an installation puts it, else beside the
  /// running executable, else the bare name (looked up on `PATH` when started).
  ///
  /// An installation (`make install`, the Debian package) puts it in `<prefix>/libexec/toolbox/` beside
  /// `<prefix>/bin/toolbox`, as git keeps its helpers in `libexec/git-core`; a build folder
  /// (`.build/release`) has both binaries side by side. The folder is the running executable's, with
  /// symbolic links resolved (`/proc/self/exe`), so a link to `toolbox` from another folder still finds it.
  ///
  /// - Parameters:
  ///   - environment: The environment (for ``overrideVariable`` and ``formerOverrideVariable``).
  ///   - executableFolder: The folder of the running executable; `nil` to read it from the system.
  /// - Returns: The helper to run.
  static func locateHelper(environment: Environment, executableFolder: String? = nil) -> String {
    if let path = environment[overrideVariable] ?? environment[formerOverrideVariable] {
      return path
    }
    if let folder = executableFolder ?? Self.executableFolder() {
      for candidate in helperCandidates(executableFolder: folder)
      where access(candidate, X_OK) == 0 {
        return candidate
      }
    }
    return helperName
  }

  /// Where the helper may be, in the order they are tried: `<folder>/../libexec/toolbox/`, then
  /// `<folder>/`.
  ///
  /// - Parameter folder: The folder of the running `toolbox`.
  /// - Returns: The candidate paths.
  static func helperCandidates(executableFolder folder: String) -> [String] {
    let parent = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? "."
    return ["\(parent)/libexec/toolbox/\(helperName)", "\(folder)/\(helperName)"]
  }

  /// The folder of the running executable, from `/proc/self/exe`.
  private static func executableFolder() -> String? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { bytes -> Int in
      guard let base = bytes.baseAddress else { return -1 }
      return readlink("/proc/self/exe", base.assumingMemoryBound(to: CChar.self), bytes.count - 1)
    }
    guard count > 0 else { return nil }
    let path = String(decoding: buffer[0..<count], as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return String(path[..<slash])
  }

  // MARK: - Frames

  /// The largest request body: 64 MiB, as the helper accepts.
  public static let maximumRequestBody = 64 << 20

  /// Refuses a request the helper could not send as meant, before the helper runs: a method that is not
  /// an HTTP token, a body over ``maximumRequestBody``, credentials with a line break or NUL (a frame
  /// line cannot carry them), and credentials over plain http to a host that is not a loopback address
  /// unless ``HTTPRequest/allowsInsecureCredentials`` (Basic authentication would travel in clear; the
  /// helper refuses that too). No message quotes a password.
  ///
  /// - Throws: ``DataError`` `invalid_request` or `request_too_large`, ``ConfigError``
  ///   `invalid_credentials` or `insecure_http`.
  static func check(_ request: HTTPRequest) throws {
    let tokenBytes = Set("!#$%&'*+-.^_`|~".utf8)
    guard !request.method.isEmpty, request.method.utf8.count <= 32,
      request.method.utf8.allSatisfy({ byte in
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
          || tokenBytes.contains(byte)
      })
    else {
      throw DataError(
        "'\(singleLine(request.method))' is not an HTTP method", code: "invalid_request")
    }
    guard request.body.count <= maximumRequestBody else {
      throw DataError(
        "the request body is larger than \(maximumRequestBody >> 20) MiB (\(request.body.count) bytes)",
        code: "request_too_large")
    }
    let hasCredentials: Bool
    switch request.authentication {
    case .none:
      hasCredentials = false
    case .netrc(let file):
      hasCredentials = true
      if let file, !isOneLine(file) || file.isEmpty {
        throw ConfigError(
          "the netrc file's path is empty or has a line break", code: "invalid_credentials")
      }
    case .password(let username, let password):
      hasCredentials = true
      guard isOneLine(username), isOneLine(password) else {
        throw ConfigError(
          "the user name or password has a line break or NUL, which HTTP cannot send",
          code: "invalid_credentials")
      }
    }
    if hasCredentials, !request.allowsInsecureCredentials,
      request.url.utf8.count >= 7,
      request.url.prefix(7).lowercased() == "http://", !isLoopback(url: request.url)
    {
      throw ConfigError(
        "refusing to send credentials over plain http to '\(host(of: request.url))': they would travel "
          + "in clear (use https, or allow insecure http in the configuration)",
        code: "insecure_http")
    }
    if let file = request.caCertificateFile, file.isEmpty || !isOneLine(file) {
      throw ConfigError(
        "the certificate authority file's path is empty or has a line break", code: "invalid_config"
      )
    }
  }

  /// The request frame the helper reads from standard input (version 2): header lines, an empty line,
  /// then the body's bytes.
  static func requestFrame(_ request: HTTPRequest, version: Int = 2) -> [UInt8] {
    var text = "toolbox-http \(version)\n"
    if request.method != "GET" { text += "method \(singleLine(request.method))\n" }
    text += "url \(singleLine(request.url))\ntimeout \(request.timeout)\n"
    for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
      text += "header \(singleLine(name)): \(singleLine(value))\n"
    }
    switch request.authentication {
    case .none: break
    case .netrc(let file?): text += "netrc-file \(singleLine(file))\n"
    case .netrc(nil): text += "netrc\n"
    case .password(let username, let password):
      text += "user \(singleLine(username))\npassword \(singleLine(password))\n"
    }
    if let file = request.caCertificateFile { text += "cacert \(singleLine(file))\n" }
    if request.allowsInsecureCredentials { text += "insecure-credentials\n" }
    if !request.body.isEmpty { text += "body \(request.body.count)\n" }
    return Array((text + "\n").utf8) + request.body
  }

  private static func isOneLine(_ text: String) -> Bool {
    !text.utf8.contains { $0 == 10 || $0 == 13 || $0 == 0 }
  }

  /// Whether a URL's host is this machine: `localhost`, 127.x.x.x or `[::1]`.
  static func isLoopback(url: String) -> Bool {
    var authority = Substring(host(of: url).lowercased())
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    let hostName =
      authority.hasPrefix("[")
      ? String(authority.prefix { $0 != "]" }) + "]" : String(authority.prefix { $0 != ":" })
    if hostName == "localhost" || hostName == "[::1]" { return true }
    return hostName.hasPrefix("127.")
      && hostName.allSatisfy { $0 == "." || ("0"..."9").contains($0) }
  }

  private static func singleLine(_ text: String) -> String {
    String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
  }

  /// The host (and port) of a URL, for messages (as search names it).
  static func host(of url: String) -> String {
    var rest = Substring(url)
    if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
    return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
  }

  /// Interprets what the helper wrote.
  ///
  /// - Parameters:
  ///   - bytes: The helper's standard output.
  ///   - host: The host (and port) of the request's URL, for the message of a ``RefusedAnswerError``.
  /// - Returns: The response, an error the helper reported (an ``UnavailableError``, a
  ///   ``BrokenBodyError`` when the answer began but its body did not arrive whole, or a
  ///   ``RefusedAnswerError`` when the helper refused it), or `nil` if the output is not a complete frame.
  static func parseResponseFrame(
    _ bytes: [UInt8], host: String, version: Int = 2
  ) -> Result<HTTPResponse, any Error>? {
    var index = 0
    func line() -> String? {
      guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      defer { index = end + 1 }
      return String(decoding: bytes[index..<end], as: UTF8.self)
    }
    guard line() == "toolbox-http \(version)", let first = line() else { return nil }
    if first.hasPrefix("error ") {
      let rest = first.dropFirst(6)
      let kind = rest.prefix { $0 != " " }
      let message = String(rest.dropFirst(kind.count).drop { $0 == " " })
      if kind == "truncated" || kind == "undecodable" {
        let status = message.prefix { $0 != " " }
        guard let code = Int(status), (100...999).contains(code) else { return nil }
        return .failure(
          BrokenBodyError(
            status: code, detail: String(message.dropFirst(status.count + 1)),
            isTruncated: kind == "truncated"))
      }
      if kind == "too_large" || kind == "redirect" {
        let status = message.prefix { $0 != " " }
        guard let code = Int(status), code == 0 || (100...999).contains(code), status.count == 3
        else { return nil }
        return .failure(
          RefusedAnswerError(
            host: host, status: code == 0 ? nil : code,
            detail: String(message.dropFirst(status.count + 1))))
      }
      let code =
        switch kind {
        case "timeout": "timeout"
        case "connection": "connection_failed"
        case "tls": "tls_failed"
        case "invalid_url": "invalid_url"
        case "insecure": "insecure_http"
        default: "http_failed"
        }
      return .failure(UnavailableError(message, code: code))
    }
    guard first.hasPrefix("status "), let status = Int(first.dropFirst(7)),
      (100...999).contains(status)
    else { return nil }
    var headers: [String: String] = [:]
    while let next = line() {
      if next.hasPrefix("header "), let colon = next.firstIndex(of: ":") {
        let name = next[next.index(next.startIndex, offsetBy: 7)..<colon].lowercased()
        headers[name] = String(next[next.index(after: colon)...].drop { $0 == " " })
      } else if next.hasPrefix("body "), let count = Int(next.dropFirst(5)), count >= 0,
        bytes.count - index == count
      {
        return .success(
          HTTPResponse(status: status, headers: headers, body: Array(bytes[index...])))
      } else {
        return nil
      }
    }
    return nil
  }

  // MARK: - Running the helper

  /// Runs the helper once: writes the request, reads the response, and kills the helper at the deadline.
  ///
  /// The helper's standard input and output are one end of a Unix socket pair (created close-on-exec, so no
  /// other child started at the same moment inherits it); the request is sent with `MSG_NOSIGNAL`, so a
  /// helper that died early cannot kill toolbox with SIGPIPE. Its standard error is a second pair, kept for
  /// the message when it fails.
  static func exchange(
    helper: String, environment: [String: String], frame: [UInt8], timeout: Double, host: String,
    notice: WaitingNotice? = nil
  ) -> Result<HTTPResponse, any Error> {
    let start = monotonicNow()
    let deadline = start + timeout
    var pendingNotice = notice
    var channel: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &channel) == 0 else {
      return .failure(systemError("cannot create a socket pair"))
    }
    guard socketpair(AF_UNIX, type, 0, &errors) == 0 else {
      closeAll(channel)
      return .failure(systemError("cannot create a socket pair"))
    }
    let pid: pid_t
    switch spawn(helper: helper, environment: environment, channel: channel, errors: errors) {
    case .success(let spawned): pid = spawned
    case .failure(let error):
      closeAll(channel + errors)
      return .failure(error)
    }
    close(channel[1])
    close(errors[1])
    var open = (channel: channel[0], errors: errors[0])
    for descriptor in [open.channel, open.errors] {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    defer {
      if open.channel >= 0 { close(open.channel) }
      if open.errors >= 0 { close(open.errors) }
    }
    func killHelper() {
      kill(pid, SIGKILL)
      _ = SystemProcessRunner.wait(for: pid)
    }

    var response: [UInt8] = []
    var diagnostics: [UInt8] = []
    var written = 0
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while open.channel >= 0 || open.errors >= 0 {
      let remaining = deadline - monotonicNow()
      guard remaining > 0 else {
        killHelper()
        return .failure(
          UnavailableError(
            "no complete response within \(seconds(timeout)) s", code: "timeout"))
      }
      let writing = written < frame.count
      var descriptors: [pollfd] = []
      if open.channel >= 0 {
        let events = Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0)
        descriptors.append(pollfd(fd: open.channel, events: events, revents: 0))
      }
      if open.errors >= 0 {
        descriptors.append(pollfd(fd: open.errors, events: Int16(POLLIN), revents: 0))
      }
      var wait = remaining
      if let notice = pendingNotice {
        let untilNotice = start + notice.after - monotonicNow()
        if untilNotice <= 0 {
          notice.action()
          pendingNotice = nil
        } else {
          wait = min(wait, untilNotice)
        }
      }
      if poll(&descriptors, nfds_t(descriptors.count), Int32(min(wait * 1000 + 1, 60_000))) < 0 {
        if errno == EINTR { continue }
        killHelper()
        return .failure(systemError("cannot wait for the HTTP helper"))
      }
      for descriptor in descriptors where descriptor.revents != 0 {
        if descriptor.fd == open.channel, writing, descriptor.revents & Int16(POLLOUT) != 0 {
          let count = frame.withUnsafeBytes { bytes in
            sendWithoutSignal(
              descriptor.fd, bytes.baseAddress.map { $0 + written }, frame.count - written)
          }
          if count > 0 { written += count }
          if count < 0, errno != EAGAIN, errno != EINTR { written = frame.count }
          if written >= frame.count { shutdown(descriptor.fd, Int32(SHUT_WR)) }
        }
        guard descriptor.revents & ~Int16(POLLOUT) != 0 else { continue }
        let count = buffer.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
        if count > 0 {
          if descriptor.fd == open.channel {
            response.append(contentsOf: buffer[0..<count])
          } else if diagnostics.count < 4096 {
            diagnostics.append(contentsOf: buffer[0..<count])
          }
        } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
          close(descriptor.fd)
          if descriptor.fd == open.channel { open.channel = -1 } else { open.errors = -1 }
        }
      }
      // A backstop: the helper stops a body over the limit itself.
      if response.count > maximumResponseSize + maximumFrameOverhead {
        killHelper()
        return .failure(Self.responseTooLarge)
      }
    }
    let status = waitUntil(deadline, pid: pid)
    if let result = parseResponseFrame(response, host: host) { return result }
    return .failure(
      Self.endedWithoutAnswer(
        helper: helper,
        ending: status.map { "exit status \($0)" } ?? "still running at the deadline",
        diagnostics: diagnostics))
  }

  /// A response over ``maximumResponseSize`` (the helper's own limit, checked again as it arrives).
  static let responseTooLarge = UnavailableError(
    "the response is larger than \(maximumResponseSize >> 20) MB", code: "response_too_large")

  /// The helper stopped before a whole answer: how it ended and the first line it wrote to standard error.
  static func endedWithoutAnswer(helper: String, ending: String, diagnostics: [UInt8])
    -> UnavailableError
  {
    let detail =
      String(decoding: diagnostics, as: UTF8.self).split(separator: "\n").first.map {
        ": " + $0
      } ?? ""
    return UnavailableError(
      "the HTTP helper '\(helper)' ended without an answer (\(ending))\(detail)",
      code: "helper_failed")
  }

  /// Starts the helper with its standard input and output on `channel[1]` and its standard error on
  /// `errors[1]`.
  ///
  /// - Returns: Its process id, or the error that says it cannot run (the descriptors stay open).
  static func spawn(
    helper: String, environment: [String: String], channel: [Int32], errors: [Int32]
  ) -> Result<pid_t, UnavailableError> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, channel[1], 0)
    posix_spawn_file_actions_adddup2(&actions, channel[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    do {
      return .success(
        try SystemProcessRunner.spawn([helper], environment: environment, fileActions: &actions))
    } catch {
      // SystemProcessRunner's message ends with the system's reason: "cannot run 'x': No such file…".
      let message = String(describing: error)
      let reason =
        message.split(separator: ":").last.map { String($0.drop { $0 == " " }) } ?? message
      return .failure(
        UnavailableError(
          "cannot run the HTTP helper '\(helper)' (\(reason)): install toolbox with 'make install' "
            + "(which puts \(helperName) in ../libexec/toolbox/ from the toolbox executable) "
            + "or set \(overrideVariable) to its path",
          code: "helper_not_found"))
    }
  }

  /// Waits for the helper to exit, killing it at the deadline.
  ///
  /// - Returns: Its exit status, or `nil` if it had to be killed.
  static func waitUntil(_ deadline: Double, pid: pid_t) -> Int32? {
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
      }
      if result < 0, errno != EINTR { return 127 }
      if monotonicNow() >= deadline {
        kill(pid, SIGKILL)
        _ = SystemProcessRunner.wait(for: pid)
        return nil
      }
      usleep(100)
    }
  }

  /// Seconds for a message: a whole number without a fraction, else at most three decimals.
  static func seconds(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
    return String((value * 1000).rounded() / 1000)
  }

  static func closeAll(_ descriptors: [Int32]) {
    for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
  }

  static func monotonicNow() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  static func systemError(_ action: String) -> UnavailableError {
    UnavailableError("\(action): \(String(cString: strerror(errno)))", code: "helper_failed")
  }
}

/// `send(2)` with `MSG_NOSIGNAL`: a closed peer gives `EPIPE` instead of SIGPIPE.
func sendWithoutSignal(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
}
