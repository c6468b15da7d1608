// toolbox-http: performs HTTP exchanges for toolbox (search: one; CalDAV sync: a session of many), the way
// git runs `git-remote-http`.
//
// It is the only program of the package that links libcurl, which it calls directly through its C API
// (module CCurl, which also gives it libc): no Foundation, and built as Embedded Swift (see Package.swift),
// so it is a small executable without a Swift runtime, linked to libcurl (Debian's libcurl4) and libc only.
// It imports nothing of toolbox's own. Its client is `HelperHTTPClient` (module ToolboxHTTP).
//
// Protocol (version 2: one exchange; version 3: a session, below), all text lines end with "\n":
//
//   request on standard input            response on standard output
//   toolbox-http 2                       toolbox-http 2
//   url <absolute http(s) URL>           status <code>
//   method <token>        (GET if none)  header <lower-case name>: <value>     (any number)
//   timeout <seconds>                    body <byte count>
//   header <name>: <value>      (any)    <exactly that many bytes>
//   body <byte count>     (0 if none)
//   netrc | netrc-file <path>  (optional)
//   user <name>                (optional)
//   password <secret>          (optional)
//   cacert <PEM file>          (optional)
//   insecure-credentials       (optional)
//   <empty line>
//   <exactly <byte count> bytes of request body>
//
// A request body is at most 64 MiB, the header lines at most 1 MiB; a frame with more or fewer body bytes
// than announced, an unknown line, or a method that is not an HTTP token is malformed (`error failed`).
// A GET or HEAD without a body is sent as such; any other method with its body (maybe empty:
// `Content-Length: 0`), without the form Content-Type or `Expect: 100-continue` libcurl would add unless the
// request gives them. Credentials: `netrc` reads libcurl's `~/.netrc` (`netrc-file` another file) for the
// URL's host, `user`/`password` give them (both only ever on this standard input, never in an argument or
// the environment, and never written in a frame or message); they go as HTTP Basic with the first request,
// and once more as Digest when the server's 401 asks for Digest. Credentials go over
// https, or over http only to a loopback address (localhost, 127.x.x.x, [::1]) unless the request says
// `insecure-credentials` (`error insecure`, before anything is sent). `cacert` replaces the system's
// certificate authorities (and `SSL_CERT_FILE`, `SSL_CERT_DIR`) with the file's; https is always verified.
//
// or, when there is no HTTP response:    toolbox-http 2
//                                        error <kind> <message>
// where <kind> is `timeout`, `connection`, `tls`, `invalid_url`, `insecure` or `failed`;
// or, when the status and headers arrived but the body did not arrive whole:
//                                        error truncated <status> <message>
//                                        error undecodable <status> <message>
// (`truncated`: the connection ended before the end of the body; `undecodable`: a Content-Encoding such
// as gzip whose data libcurl cannot decode); or, when the helper refused the answer as it arrived:
//                                        error too_large <status> <message>
//                                        error redirect <status> <message>
// (`too_large`: the body is over 32 MB as sent (compressed) or once decoded, or the headers of one
// response are over 100 KB; the transfer is stopped at once, and <status> is 000 if even the status line
// was too long. `redirect`: a redirect that is not followed, its target URL in the message, or more than
// 5 redirects in a row).
//
// A redirect (301, 302, 303, 307, 308) of a request the helper does not follow (see below) is an answer like
// any other: its status, its headers (`location` among them) and its body.
//
// The response's header lines are those of the final answer only (not of 1xx answers or redirects); a
// header sent several times is one line, its values joined by ", ". Redirects (301, 302, 303, 307, 308
// with a Location) of a GET or HEAD without a body are followed by the helper itself, at most 5, each one
// only to https, or over http to the same host and port, and never from https to http; with credentials
// only to the same scheme, host and port; the request's headers go along, except Authorization and Cookie
// when the host changes; a refused one is `error redirect`. A redirect of any other request (PUT, DELETE,
// PROPFIND, REPORT, ...) is never followed: it is answered as it is (status, `location`), so that a body is
// not sent again elsewhere without the caller knowing, and the caller decides.
// The body is decoded (gzip, deflate, ... as libcurl supports); a request header Accept-Encoding is sent as
// given. `SSL_CERT_FILE` and `SSL_CERT_DIR`, when set, replace the system's certificate authorities (as for
// the curl tool); proxies come from libcurl's usual variables (`https_proxy`, `no_proxy`, ...).
//
// Session (version 3): the same frames, their first line `toolbox-http 3`, one after the other on the same
// standard input and output; the helper answers each request with one response frame before it reads the
// next, and exits 0 when its standard input ends between frames. Every request carries its own method, URL,
// timeout, headers, credentials and CA file (nothing but the connection carries over: libcurl's handle is
// reset between requests and keeps only its open connections, TLS sessions and resolved names, so that
// requests to one server reuse one connection), and every bound holds for each request (headers 1 MiB, body
// 64 MiB; a response's 32 MB and 100 KB). A response bound exceeded is that request's error frame, and the
// session goes on; a malformed or cut-short request frame is `error failed` and the end of the session
// (what follows cannot be told from a request). The watchdog of a session ends the helper 2 s after the
// deadline of the request being served; between requests there is none (the caller closes its end, or dies
// and the socket closes).
//
// The exit status is 0 whenever a frame was written. The caller enforces the overall deadline by killing
// this process; the helper's own deadline (timeout + 1 s for all the redirects together) and its watchdog
// (timeout + 2 s) only keep it from outliving a caller that was killed.

import CCurl

/// Answers standard input: a session of many requests (protocol 3, after its first line), or one request
/// (protocol 2).
func runHelper() -> Never {
  // A peer that hung up is an error to handle (EPIPE), not a signal that ends the helper without a frame.
  toolbox_ignore_sigpipe()
  var input = Input()
  if let first = input.peekFirstLine(), first.elementsEqual("toolbox-http 3".utf8) {
    frameVersion = 3
    Session.run(&input)
  }
  guard let request = Request.parse(input.readAll(limit: maximumRequestSize)) else {
    fail("failed", "malformed request frame (toolbox-http speaks protocol version 2)")
  }
  startWatchdog(timeout: request.timeout)
  finish(Exchange.run(request))
}

runHelper()
