import CCurl

/// One exchange: the request, the redirects the helper follows, and the frame that reports the outcome.
enum Exchange {
  /// Performs the request and describes the outcome as a frame (one-shot: libcurl is set up for it and
  /// torn down after). Every libcurl resource is released before it returns.
  static func run(_ request: Request) -> Frame {
    guard toolbox_curl_global_init() == CURLE_OK else {
      return .error("failed", "cannot initialize libcurl")
    }
    defer { curl_global_cleanup() }
    guard let handle = curl_easy_init() else {
      return .error("failed", "cannot create a curl handle")
    }
    defer { curl_easy_cleanup(handle) }
    return run(request, on: handle)
  }

  /// Performs the request with a handle that may have served earlier ones (a session): its options are
  /// reset before and after, its open connections, TLS sessions and resolved names are kept, so the next
  /// request to the same server reuses the connection (HTTP keep-alive).
  static func run(_ request: Request, on handle: UnsafeMutableRawPointer) -> Frame {
    curl_easy_reset(handle)
    // libcurl reads the body from this memory (CURLOPT_POSTFIELDS, not copied): valid until the end.
    return request.body.withUnsafeBytes { body in run(request, body: body, handle: handle) }
  }

  private static func run(
    _ request: Request, body: UnsafeRawBufferPointer, handle: UnsafeMutableRawPointer
  ) -> Frame {
    // A second of slack for the redirects and libcurl's own timeout: the caller's deadline comes first.
    let deadline = monotonicNow() + request.timeout + 1

    // The current URL, parsed: redirect targets are resolved against it, as libcurl itself does.
    guard let location = curl_url() else { return .error("failed", "out of memory") }
    defer { curl_url_cleanup(location) }
    guard curl_url_set(location, CURLUPART_URL, request.url, 0) == CURLUE_OK,
      var place = Place(location), place.isHTTP || place.isHTTPS,
      !place.host.isEmpty
    else {
      return .error("invalid_url", "not an absolute http or https URL: \(request.url)")
    }
    // Basic authentication would travel in clear: credentials go over https, or to this machine.
    if request.hasCredentials, place.isHTTP, !place.isLoopback, !request.insecureCredentials {
      return .error(
        "insecure",
        "refused to send credentials over plain http to \(place.host) (use https, or a loopback address)"
      )
    }

    // libcurl writes its message for a failed transfer here; it must outlive the handle.
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    defer { errorBuffer.deallocate() }
    // The request's headers; the handle points to the list, so it is freed after the handle.
    var headerList: UnsafeMutablePointer<curl_slist>?
    defer { curl_slist_free_all(headerList) }
    // The callbacks' context, not retained by the handle: kept alive until the handle is gone.
    let transfer = Transfer(stopsAtRedirects: request.followsRedirects)
    defer { withExtendedLifetime(transfer) {} }
    // The handle forgets the buffer, list and context above before they are freed (defers run last
    // first), so it never points to freed memory between requests.
    defer { curl_easy_reset(handle) }

    let context = Unmanaged.passUnretained(transfer).toOpaque()
    guard configure(handle, context: context, errorBuffer: errorBuffer),
      configure(handle, for: request, body: body)
    else {
      return .error("failed", "libcurl refused an option")
    }
    // A body goes as CURLOPT_POSTFIELDS, for which libcurl would add a form Content-Type and, for a large
    // body, `Expect: 100-continue`: neither unless the caller sends them.
    var removed: [String] = []
    if !request.sendsAsGETOrHEAD {
      for name in ["content-type", "expect"]
      where !request.headers.contains(where: { $0.name.asciiLowercased.sameBytes(as: name) }) {
        removed.append(name)
      }
    }
    guard
      setHeaders(
        request.headers, removing: removed, on: handle, list: &headerList, withCredentials: true)
    else {
      return .error("failed", "cannot pass the request headers to libcurl")
    }
    var url = request.url
    var redirects = 0
    var triedDigest = false
    while true {
      let remaining = deadline - monotonicNow()
      guard remaining > 0 else {
        return .error("timeout", "no complete response within \(request.timeout) s")
      }
      transfer.reset()
      errorBuffer[0] = 0
      toolbox_curl_setopt_string(handle, CURLOPT_URL, url)
      toolbox_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int(remaining * 1000)))
      let code = curl_easy_perform(handle)
      let reason = errorBuffer[0] != 0 ? String(cString: errorBuffer) : nil

      switch transfer.stop {
      case .tooLarge(let message)?:
        return .error("too_large", "\(statusText(transfer)) \(message)")
      case .redirect(let target)?:
        let status = transfer.status
        guard
          curl_url_set(
            location, CURLUPART_URL, target,
            toolbox_curlu_urlencode | toolbox_curlu_allow_space
              | toolbox_curlu_non_support_scheme) == CURLUE_OK,
          let next = Place(location), let resolved = urlText(location)
        else {
          return .error("redirect", "\(status) refused redirect to an invalid URL: \(target)")
        }
        if let refusal = refusal(from: place, to: next) {
          return .error("redirect", "\(status) refused redirect \(refusal): \(resolved)")
        }
        if request.hasCredentials, !next.isSameOrigin(as: place) {
          return .error(
            "redirect", "\(status) refused redirect to another origin with credentials: \(resolved)"
          )
        }
        guard redirects < Limits.redirects else {
          return .error(
            "redirect",
            "\(status) too many redirects (more than \(Limits.redirects)); the next was to "
              + resolved)
        }
        if !next.host.sameBytes(as: place.host) {
          guard
            setHeaders(
              request.headers, removing: removed, on: handle, list: &headerList,
              withCredentials: false)
          else { return .error("failed", "cannot pass the request headers to libcurl") }
        }
        redirects += 1
        place = next
        url = resolved
        continue
      case nil:
        break
      }
      if code == CURLE_OK, transfer.status == 401, request.hasCredentials, !triedDigest,
        let challenge = transfer.header("www-authenticate"),
        challenge.asciiLowercased.utf8.starts(with: "digest".utf8)
      {
        // Basic went with the first request; this server asks for Digest: once more with Digest.
        triedDigest = true
        toolbox_curl_setopt_long(handle, CURLOPT_HTTPAUTH, toolbox_curlauth_digest)
        continue
      }
      if code == CURLE_OK {
        return answer(transfer, handle: handle)
      }
      return failure(
        code, reason: reason ?? curlMessage(code), transfer, handle: handle,
        timeout: request.timeout)
    }
  }

  /// Sets the options every request of the exchange shares.
  private static func configure(
    _ handle: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer,
    errorBuffer: UnsafeMutablePointer<CChar>
  ) -> Bool {
    var results = [
      toolbox_curl_setopt_buffer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
      // No signals: the watchdog is a thread, and name resolution must not use alarm().
      toolbox_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
      toolbox_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
      // Redirects are the helper's to follow (see `refusal`), never libcurl's.
      toolbox_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0),
      toolbox_curl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
      // Every encoding libcurl can decode is offered and decoded.
      toolbox_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""),
      toolbox_curl_setopt_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1),
      toolbox_curl_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION, headerCallback),
      toolbox_curl_setopt_context(handle, CURLOPT_HEADERDATA, context),
      toolbox_curl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, writeCallback),
      toolbox_curl_setopt_context(handle, CURLOPT_WRITEDATA, context),
      toolbox_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0),
      toolbox_curl_setopt_xferinfo_callback(handle, progressCallback),
      toolbox_curl_setopt_context(handle, CURLOPT_XFERINFODATA, context),
    ]
    // Certificate authorities of one's own, as the curl tool reads them.
    if let file = environmentValue("SSL_CERT_FILE") {
      results.append(toolbox_curl_setopt_string(handle, CURLOPT_CAINFO, file))
    }
    if let folder = environmentValue("SSL_CERT_DIR") {
      results.append(toolbox_curl_setopt_string(handle, CURLOPT_CAPATH, folder))
    }
    return results.allSatisfy { $0 == CURLE_OK }
  }

  /// Sets the options of the request's method, body, credentials and certificate authorities.
  ///
  /// A GET or HEAD without a body is libcurl's own; any other request is sent with its method as
  /// CURLOPT_CUSTOMREQUEST and its body (maybe empty, then `Content-Length: 0`) as CURLOPT_POSTFIELDS.
  /// Credentials go with the first request as Basic (asking first without them, as libcurl does for
  /// "Basic or Digest", costs a second exchange a request, and a PUT's body twice); a 401 that asks for
  /// Digest is answered once with Digest (``run(_:)``). A user name and password are copied by libcurl
  /// and never written anywhere.
  private static func configure(
    _ handle: UnsafeMutableRawPointer, for request: Request, body: UnsafeRawBufferPointer
  ) -> Bool {
    var results: [CURLcode] = []
    if request.sendsAsGETOrHEAD {
      results.append(
        request.method.sameBytes(as: "HEAD")
          ? toolbox_curl_setopt_long(handle, CURLOPT_NOBODY, 1)
          : toolbox_curl_setopt_long(handle, CURLOPT_HTTPGET, 1))
    } else {
      results.append(
        toolbox_curl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
      if let base = body.baseAddress, body.count > 0 {
        results.append(
          toolbox_curl_setopt_context(
            handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: base)))
      } else {
        results.append(toolbox_curl_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, ""))
      }
      results.append(toolbox_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method))
    }
    if request.hasUserAndPassword {
      results.append(toolbox_curl_setopt_string(handle, CURLOPT_USERNAME, request.user ?? ""))
      results.append(toolbox_curl_setopt_string(handle, CURLOPT_PASSWORD, request.password ?? ""))
    }
    if request.netrc {
      results.append(toolbox_curl_setopt_long(handle, CURLOPT_NETRC, toolbox_curl_netrc_optional))
      if let file = request.netrcFile {
        results.append(toolbox_curl_setopt_string(handle, CURLOPT_NETRC_FILE, file))
      }
    }
    if request.hasCredentials {
      results.append(
        toolbox_curl_setopt_long(handle, CURLOPT_HTTPAUTH, toolbox_curlauth_basic))
    }
    if let file = request.caFile {
      // This file only: not the system's folder of certificates either.
      results.append(toolbox_curl_setopt_string(handle, CURLOPT_CAINFO, file))
      results.append(toolbox_curl_setopt_string(handle, CURLOPT_CAPATH, nil))
    }
    return results.allSatisfy { $0 == CURLE_OK }
  }

  /// Builds the header list, hands it to the handle and frees the list it replaces.
  ///
  /// - Parameters:
  ///   - removing: Names of headers libcurl would add itself that are not to be sent.
  ///   - withCredentials: `false` to leave out Authorization and Cookie (another host).
  /// - Returns: `false` if libcurl could not build the list (the handle keeps the old one).
  private static func setHeaders(
    _ headers: [(name: String, value: String)], removing: [String],
    on handle: UnsafeMutableRawPointer, list: inout UnsafeMutablePointer<curl_slist>?,
    withCredentials: Bool
  ) -> Bool {
    var new: UnsafeMutablePointer<curl_slist>?
    // "Name:" is libcurl's way to leave out a header it would add.
    for name in removing {
      guard let appended = curl_slist_append(new, "\(name):") else {
        curl_slist_free_all(new)
        return false
      }
      new = appended
    }
    for (name, value) in headers {
      guard !name.isEmpty, !name.utf8.contains(32), !name.utf8.contains(58) else { continue }
      let lower = name.asciiLowercased
      if !withCredentials, lower.sameBytes(as: "authorization") || lower.sameBytes(as: "cookie") {
        continue
      }
      // "Name;" is libcurl's way to send a header with an empty value ("Name:" would remove it).
      let line = value.isEmpty ? "\(name);" : "\(name): \(value)"
      guard let appended = curl_slist_append(new, line) else {
        curl_slist_free_all(new)
        return false
      }
      new = appended
    }
    guard toolbox_curl_setopt_list(handle, CURLOPT_HTTPHEADER, new) == CURLE_OK else {
      curl_slist_free_all(new)
      return false
    }
    curl_slist_free_all(list)
    list = new
    return true
  }

  // MARK: - Callbacks

  /// CURLOPT_HEADERFUNCTION: one header line.
  private static let headerCallback: curl_write_callback = { data, size, count, context in
    let (length, overflow) = size.multipliedReportingOverflow(by: count)
    guard !overflow, let context, let data else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let accepted = transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: length))
    return accepted ? length : 0
  }

  /// CURLOPT_WRITEFUNCTION: decoded body bytes.
  private static let writeCallback: curl_write_callback = { data, size, count, context in
    let (length, overflow) = size.multipliedReportingOverflow(by: count)
    guard !overflow, let context else { return 0 }
    guard let data, length > 0 else { return length }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let accepted = transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length))
    return accepted ? length : 0
  }

  /// CURLOPT_XFERINFOFUNCTION: the bytes received so far, as sent (before decoding).
  private static let progressCallback: curl_xferinfo_callback = { context, _, received, _, _ in
    guard let context else { return 1 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.progress(received: Int64(received)) ? 0 : 1
  }

  // MARK: - Outcomes

  /// The answer frame.
  private static func answer(_ transfer: Transfer, handle: UnsafeMutableRawPointer) -> Frame {
    var code = 0
    toolbox_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
    let status = (100...999).contains(code) ? code : transfer.status
    guard (100...999).contains(status) else {
      return .error("failed", "the answer is not an HTTP response")
    }
    var text = "status \(status)\n"
    for (name, value) in mergedHeaders(transfer.headers) { text += "header \(name): \(value)\n" }
    text += "body \(transfer.body.count)\n"
    return Frame(head: Array(text.utf8), body: transfer.body)
  }

  /// One field per name, in order of first appearance, the values of a repeated field joined as HTTP
  /// allows (", "). Names are compared as bytes (they are lower-cased already). Fields of one name are found
  /// by sorting, not with a `Dictionary`, whose growth calls libm's `ceil`, which the helper does not link.
  private static func mergedHeaders(
    _ headers: [(name: String, value: String)]
  ) -> [(name: String, value: String)] {
    let names = headers.map { Array($0.name.utf8) }
    // Positions by name, then by position: the fields of one name are adjacent, first one first.
    let byName = headers.indices.sorted { a, b in
      names[a] == names[b] ? a < b : names[a].lexicographicallyPrecedes(names[b])
    }
    var merged: [(position: Int, name: String, value: String)] = []
    for index in byName {
      if let last = merged.last, names[last.position] == names[index] {
        merged[merged.count - 1].value += ", " + headers[index].value
      } else {
        merged.append((index, headers[index].name, headers[index].value))
      }
    }
    merged.sort { $0.position < $1.position }
    return merged.map { ($0.name, $0.value) }
  }

  /// The frame of a failed transfer: a transport error when no answer arrived (or the deadline passed),
  /// else an answer whose body is `undecodable` (a Content-Encoding libcurl could not undo) or `truncated`
  /// (the connection ended before the whole body arrived).
  private static func failure(
    _ code: CURLcode, reason: String, _ transfer: Transfer, handle: UnsafeMutableRawPointer,
    timeout: Double
  ) -> Frame {
    if code == CURLE_OPERATION_TIMEDOUT {
      return .error("timeout", "no complete response within \(timeout) s (\(reason))")
    }
    guard transfer.headComplete else {
      // libcurl keeps at most 100 KB of one header line and answers a longer one "out of memory".
      if code == CURLE_OUT_OF_MEMORY, transfer.sawStatusLine {
        return .error(
          "too_large",
          "\(statusText(transfer)) the response headers are larger than \(Limits.head >> 10) KB")
      }
      return .error(kind(of: code), reason)
    }
    let status = transfer.status
    if code == CURLE_BAD_CONTENT_ENCODING {
      let encoding = transfer.contentEncoding.map { " (content-encoding \($0))" } ?? ""
      return .error("undecodable", "\(status) the body cannot be decoded\(encoding): \(reason)")
    }
    var received: curl_off_t = 0
    toolbox_curl_getinfo_off_t(handle, CURLINFO_SIZE_DOWNLOAD_T, &received)
    if let expected = transfer.contentLength, expected > Int64(received) {
      return .error(
        "truncated",
        "\(status) the connection closed after \(received) of the \(expected) bytes of the body")
    }
    return .error(
      "truncated",
      "\(status) the connection closed after \(received) bytes of the body, before its end "
        + "(\(reason))")
  }

  /// The status for a `too_large` frame: three digits, `000` when no status line arrived.
  private static func statusText(_ transfer: Transfer) -> String {
    (100...999).contains(transfer.status) ? String(transfer.status) : "000"
  }

  /// The kind of a transport error, as the caller distinguishes them (only `timeout` and `connection`
  /// are retried).
  private static func kind(of code: CURLcode) -> String {
    switch code {
    case CURLE_OPERATION_TIMEDOUT: "timeout"
    case CURLE_URL_MALFORMAT: "invalid_url"
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
      CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND,
      CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED,
      CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
      CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
      "tls"
    case CURLE_TOO_MANY_REDIRECTS, CURLE_LOGIN_DENIED, CURLE_OUT_OF_MEMORY,
      CURLE_FAILED_INIT, CURLE_NOT_BUILT_IN:
      "failed"
    default: "connection"
    }
  }

  /// libcurl's text for a result code.
  private static func curlMessage(_ code: CURLcode) -> String {
    curl_easy_strerror(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
  }

  // MARK: - Redirects

  /// Where a URL leads: what the redirect rules compare.
  struct Place {
    var scheme: String
    var host: String
    var port: String

    /// The parts of a parsed URL (scheme and host lower-cased, port given even when it is the scheme's
    /// default). Lower-cased in ASCII only: a scheme is ASCII; a host that differs from another only in
    /// the case (or Unicode normalization) of a non-ASCII letter counts as another host, which only makes
    /// the redirect rules stricter.
    init?(_ url: OpaquePointer) {
      guard let scheme = Exchange.part(url, CURLUPART_SCHEME, flags: 0) else { return nil }
      self.scheme = scheme.asciiLowercased
      host = (Exchange.part(url, CURLUPART_HOST, flags: 0) ?? "").asciiLowercased
      port = Exchange.part(url, CURLUPART_PORT, flags: toolbox_curlu_default_port) ?? ""
    }

    var isHTTP: Bool { scheme.sameBytes(as: "http") }

    /// Whether the host is this machine: `localhost`, an IPv4 address 127.x.x.x, or `[::1]`.
    var isLoopback: Bool {
      if host.sameBytes(as: "localhost") || host.sameBytes(as: "[::1]") || host.sameBytes(as: "::1")
      {
        return true
      }
      return host.utf8.starts(with: "127.".utf8)
        && host.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 46 }
    }

    /// Whether both have the same scheme, host and port.
    func isSameOrigin(as other: Place) -> Bool {
      scheme.sameBytes(as: other.scheme) && host.sameBytes(as: other.host)
        && port.sameBytes(as: other.port)
    }
    var isHTTPS: Bool { scheme.sameBytes(as: "https") }
  }

  /// Why a redirect is not followed, or `nil` when it is: only to https, or over http to the same host
  /// and port, and never from https to http.
  static func refusal(from current: Place, to next: Place) -> String? {
    guard next.isHTTP || next.isHTTPS else {
      return "to a URL that is neither http nor https"
    }
    if current.isHTTPS, next.isHTTP { return "from https to http" }
    if next.isHTTP, !next.host.sameBytes(as: current.host) || !next.port.sameBytes(as: current.port)
    {
      return "to another host over http"
    }
    return nil
  }

  /// One part of a parsed URL, or `nil` when it has none.
  fileprivate static func part(_ url: OpaquePointer, _ which: CURLUPart, flags: UInt32) -> String? {
    var text: UnsafeMutablePointer<CChar>?
    guard curl_url_get(url, which, &text, flags) == CURLUE_OK, let text else { return nil }
    defer { curl_free(text) }
    return String(cString: text)
  }

  /// The whole URL of a parsed URL.
  private static func urlText(_ url: OpaquePointer) -> String? {
    part(url, CURLUPART_URL, flags: 0)
  }

  /// An environment variable's value, unless unset or empty.
  private static func environmentValue(_ name: String) -> String? {
    guard let value = getenv(name), value.pointee != 0 else { return nil }
    return String(cString: value)
  }
}
