"""A scripted HTTP server on 127.0.0.1 for toolbox search tests and benchmarks.

    python3 -S search_server.py SCENARIO_JSON LOG_PATH

SCENARIO_JSON is {"responses": [R, ...]}: request N (from 0) gets R[min(N, len - 1)], where R is
    {"status": 200, "headers": {"Name": "value"}, "body": "text"}   or "bodyFile": "/path"
    plus, optionally: "delay": seconds before answering, "trickle": seconds between single body
    bytes (Content-Length announces the whole body), "stall": seconds to hold the connection
    without answering at all, "contentLength": the Content-Length to announce instead of the body's
    length (longer or shorter than the body: the whole body is sent either way), "closeAfter": send
    only this many body bytes, then close the connection (Content-Length announces the whole body),
    "endless": true: after the body, keep sending "x" bytes (64 KB at a time) until the client hangs up,
    for at most 30 s or 1 GiB (no Content-Length unless "contentLength" gives one), "chunked": true:
    send the body with Transfer-Encoding: chunked (with "endless", one chunk per 64 KB),
    "gzipBomb": N: the body is N MiB of zero bytes, gzipped (about 1 KB per MiB), with
    Content-Encoding: gzip, "headerBytes": N: add header lines "X-Filler-I: aaa..." of 1000 bytes each
    until N bytes of them were sent, "headerLine": N: add one header line of N bytes.
    A header value "{port}" is replaced by the server's port.
SCENARIO_JSON may also hold "tls": {"cert": "/path/cert.pem", "key": "/path/key.pem"}: the server speaks
HTTPS with that certificate instead of plain HTTP.
Every request is appended to LOG_PATH as one JSON line {"target": raw request target, "headers": {...}}
before it is answered. The chosen port is printed on the first line of standard output. The server
exits when its standard input is closed, so it never outlives the process that started it.

Plain sockets and threads (no http.server): it starts in ~20 ms, which matters when every test starts one.
"""
import json
import os
import socket
import sys
import threading
import time
import zlib

REASONS = {200: "OK", 204: "No Content", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
           429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
           503: "Service Unavailable", 301: "Moved Permanently", 302: "Found", 303: "See Other",
           307: "Temporary Redirect", 308: "Permanent Redirect"}
ENDLESS_SECONDS = 30
ENDLESS_BYTES = 1 << 30


BOMBS = {}


def gzip_bomb(mebibytes):
    """N MiB of zero bytes as one gzip member, made a MiB at a time (never all in memory), once."""
    if mebibytes in BOMBS:
        return BOMBS[mebibytes]
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    zeros = bytes(1 << 20)
    parts = [compressor.compress(zeros) for _ in range(mebibytes)]
    parts.append(compressor.flush())
    BOMBS[mebibytes] = b"".join(parts)
    return BOMBS[mebibytes]


def as_chunk(data):
    return b"%x\r\n%s\r\n" % (len(data), data)


def main():
    scenario = json.loads(sys.argv[1])
    responses = scenario["responses"]
    tls = None
    if "tls" in scenario:
        import ssl
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(scenario["tls"]["cert"], scenario["tls"]["key"])
    log_path = sys.argv[2]
    lock = threading.Lock()
    state = {"count": 0}

    def serve(connection):
        try:
            if tls is not None:
                connection.settimeout(10)
                connection = tls.wrap_socket(connection, server_side=True)
                connection.settimeout(None)
            request = b""
            while b"\r\n\r\n" not in request:
                chunk = connection.recv(65536)
                if not chunk:
                    return
                request += chunk
            head = request.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
            target = head[0].split(" ")[1] if len(head[0].split(" ")) > 2 else ""
            headers = {}
            for line in head[1:]:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            with lock:
                index = state["count"]
                state["count"] += 1
                with open(log_path, "a", encoding="utf-8") as log:
                    log.write(json.dumps({"target": target, "headers": headers}) + "\n")
            spec = responses[min(index, len(responses) - 1)]
            if "stall" in spec:
                time.sleep(spec["stall"])
                return
            if "delay" in spec:
                time.sleep(spec["delay"])
            port = str(listener.getsockname()[1])
            headers = {name: value.replace("{port}", port)
                       for name, value in spec.get("headers", {}).items()}
            if "bodyFile" in spec:
                with open(spec["bodyFile"], "rb") as file:
                    body = file.read()
            elif "gzipBomb" in spec:
                body = gzip_bomb(spec["gzipBomb"])
                headers["Content-Encoding"] = "gzip"
            else:
                body = spec.get("body", "").encode("utf-8")
            status = spec.get("status", 200)
            lines = ["HTTP/1.1 %d %s" % (status, REASONS.get(status, "Status"))]
            lines += ["%s: %s" % item for item in headers.items()]
            filler = 0
            while filler < spec.get("headerBytes", 0):
                lines.append("X-Filler-%d: " % filler + "a" * (998 - len("X-Filler-%d: " % filler)))
                filler += 1000
            if "headerLine" in spec:
                lines.append("X-Long: " + "a" * (spec["headerLine"] - len("X-Long: ") - 2))
            if spec.get("chunked"):
                lines.append("Transfer-Encoding: chunked")
            elif "contentLength" in spec or not spec.get("endless"):
                lines.append("Content-Length: %d" % spec.get("contentLength", len(body)))
            lines += ["Connection: close", "", ""]
            connection.sendall("\r\n".join(lines).encode("utf-8"))
            if spec.get("endless"):
                block = b"x" * 65536
                wrap = as_chunk if spec.get("chunked") else (lambda data: data)
                connection.sendall(wrap(body) if body else b"")
                sent, start = 0, time.monotonic()
                while sent < ENDLESS_BYTES and time.monotonic() - start < ENDLESS_SECONDS:
                    connection.sendall(wrap(block))
                    sent += len(block)
            elif spec.get("chunked"):
                connection.sendall((as_chunk(body) if body else b"") + b"0\r\n\r\n")
            elif "closeAfter" in spec:
                connection.sendall(body[:spec["closeAfter"]])
            elif "trickle" in spec:
                for byte in body:
                    connection.sendall(bytes([byte]))
                    time.sleep(spec["trickle"])
            else:
                connection.sendall(body)
        except OSError:
            pass  # a client that hung up mid-answer is part of the tests
        finally:
            connection.close()

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print(listener.getsockname()[1], flush=True)

    def exit_when_stdin_closes():
        sys.stdin.read()
        os._exit(0)

    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection,), daemon=True).start()


if __name__ == "__main__":
    main()
