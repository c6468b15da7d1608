"""An HTTP server on 127.0.0.1 that echoes each request, for the tests of toolbox's HTTP helper.

    python3 -S echo_server.py [CERT_PEM KEY_PEM]

With a certificate and key it speaks HTTPS. The chosen port is printed on the first line of standard
output; the server exits when its standard input is closed, so it never outlives the test that started it.

Every request is answered 207 with `ETag: "e<N>"` (N counts the requests the server received, from 1) and
a JSON body {"method", "target", "headers" (names lower-cased), "body" (base64), "count": N, "peer": the
client's port (the same for the requests of one kept-alive connection)}, except:
    /auth/...      needs HTTP Basic "ann" / "s3cret": else 401 with WWW-Authenticate: Basic
    /moved/...     301 to /elsewhere
    /away/...      302 to https://127.0.0.1:<port>/elsewhere (another origin: the scheme differs)
    /big-headers/  200 with 120 header fields of 1 KB each (over the helper's 100 KB)
    .../slow/...   waits 2 s before answering
"""
import base64
import http.server
import json
import os
import ssl
import sys
import threading
import time

EXPECTED = "Basic " + base64.b64encode(b"ann:s3cret").decode()
lock = threading.Lock()
count = 0


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self):
        global count
        with lock:
            count += 1
            number = count
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if self.path.startswith("/auth/") and self.headers.get("Authorization") != EXPECTED:
            self.send(401, b"who are you?", {"WWW-Authenticate": 'Basic realm="test"'})
            return
        if self.path.startswith("/moved/"):
            self.send(301, b"", {"Location": "/elsewhere"})
            return
        if self.path.startswith("/away/"):
            port = self.server.server_address[1]
            self.send(302, b"", {"Location": "https://127.0.0.1:%d/elsewhere" % port})
            return
        if self.path.startswith("/big-headers/"):
            self.send(200, b"", {"X-Big-%d" % index: "x" * 1000 for index in range(120)})
            return
        if "/slow/" in self.path:
            time.sleep(2)
        echo = {
            "method": self.command, "target": self.path,
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "body": base64.b64encode(body).decode(), "count": number,
            "peer": self.client_address[1],
        }
        self.send(207, json.dumps(echo).encode(), {
            "Content-Type": "application/json", "ETag": '"e%d"' % number})

    def send(self, status, body, headers):
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    do_GET = do_HEAD = do_PUT = do_POST = do_DELETE = do_PROPFIND = do_REPORT = answer
    do_OPTIONS = do_MKCALENDAR = answer

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
if len(sys.argv) == 3:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
    server.socket = context.wrap_socket(server.socket, server_side=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
print(server.server_address[1], flush=True)
sys.stdin.read()
os._exit(0)
