// toolbox-http: performs one HTTP GET for `toolbox search`, the way git runs `git-remote-http`.
//
// It is the only program of the package that links libcurl, which it calls directly through its C API
// (module CCurl, which also gives it libc): no Foundation, and built as Embedded Swift (see Package.swift),
// so it is a small executable without a Swift runtime, linked to libcurl (Debian's libcurl4) and libc only.
// It imports nothing of toolbox's own.
//
// Protocol (version 1), all text lines end with "\n":
//
//   request on standard input          response on standard output
//   toolbox-http 1              toolbox-http 1
//   url <absolute http(s) URL>         status <code>
//   timeout <seconds>                  header <lower-case name>: <value>     (any number)
//   header <name>: <value>   (any)     body <byte count>
//   <empty line>                       <exactly that many bytes>
//
// or, when there is no HTTP response:    toolbox-http 1
//                                        error <kind> <message>
// where <kind> is `timeout`, `connection`, `tls`, `invalid_url` or `failed`;
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
// 5 redirects in a row). Clients of version 1 that predate `too_large` and `redirect` treat them as any
// other unknown kind (a failed exchange).
//
// The response's header lines are those of the final answer only (not of 1xx answers or redirects); a
// header sent several times is one line, its values joined by ", ". Redirects (301, 302, 303, 307, 308
// with a Location) are followed by the helper itself, at most 5, each one only to https, or over http to
// the same host and port, and never from https to http; the request's headers go along, except
// Authorization and Cookie when the host changes. The body is decoded (gzip, deflate, ... as libcurl
// supports); a request header Accept-Encoding is sent as given. `SSL_CERT_FILE` and `SSL_CERT_DIR`, when
// set, replace the system's certificate authorities (as for the curl tool); proxies come from libcurl's
// usual variables (`https_proxy`, `no_proxy`, ...).
//
// The exit status is 0 whenever a frame was written. The caller enforces the overall deadline by killing
// this process; the helper's own deadline (timeout + 1 s for all the redirects together) and its watchdog
// (timeout + 2 s) only keep it from outliving a caller that was killed.

import CCurl

// A peer that hung up is an error to handle (EPIPE), not a signal that ends the helper without a frame.
toolbox_ignore_sigpipe()
guard let request = Request.parse(readStandardInput()) else {
  fail("failed", "malformed request frame (toolbox-http speaks protocol version 1)")
}
startWatchdog(timeout: request.timeout)
finish(Exchange.run(request))
