// libcurl's C API (Debian: libcurl4-openssl-dev), for the search tool's HTTP helper only, and the parts of
// the C library the helper calls: it is built as Embedded Swift, which has no Glibc (or Darwin) module, so
// it reaches libc through this header. Macros Swift cannot import (errno, SIG_IGN) get small functions.
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these wrappers give each
// kind of argument its own typed function, so that a value of the wrong type does not compile. Strings
// passed to libcurl are copied by it (CURLOPT_URL, CURLOPT_ACCEPT_ENCODING, ...); everything else given to it
// (the header list, the error buffer, the callbacks' context) must outlive the handle's use of it.
#ifndef TOOLBOX_CCURL_SHIM_H
#define TOOLBOX_CCURL_SHIM_H

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/// `errno` of the calling thread (a macro).
static inline int toolbox_errno(void) { return errno; }

/// Ignores SIGPIPE (`SIG_IGN` is a macro with a cast).
static inline void toolbox_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

static inline CURLcode toolbox_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

static inline CURLcode toolbox_curl_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode toolbox_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode toolbox_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode toolbox_curl_setopt_list(CURL *handle, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode toolbox_curl_setopt_buffer(CURL *handle, CURLoption option, char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode toolbox_curl_setopt_context(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
static inline CURLcode toolbox_curl_setopt_write_callback(
    CURL *handle, CURLoption option, curl_write_callback value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode toolbox_curl_setopt_xferinfo_callback(CURL *handle, curl_xferinfo_callback value) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLcode toolbox_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode toolbox_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

/// CURLOPT_HTTPAUTH: Basic or Digest, whichever the server asks for (macros with casts and shifts).
static const long toolbox_curlauth_basic_digest = (long)(CURLAUTH_BASIC | CURLAUTH_DIGEST);

/// CURLOPT_NETRC: use a netrc file's credentials when it has some for the host, else the URL's.
static const long toolbox_curl_netrc_optional = CURL_NETRC_OPTIONAL;

// URL API flags (macros with shifts).
static const unsigned int toolbox_curlu_default_port = CURLU_DEFAULT_PORT;
static const unsigned int toolbox_curlu_non_support_scheme = CURLU_NON_SUPPORT_SCHEME;
static const unsigned int toolbox_curlu_urlencode = CURLU_URLENCODE;
static const unsigned int toolbox_curlu_allow_space = CURLU_ALLOW_SPACE;

#endif
