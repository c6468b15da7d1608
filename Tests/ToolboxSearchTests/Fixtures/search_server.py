"""A scripted HTTP server on 127.0.0.1 for toolbox search tests and benchmarks.

    python3 -S search_server.py SCENARIO_JSON LOG_PATH

SCENARIO_JSON is {"responses": [R, ...]}: request N (from 0) gets R[min(N, len - 1)], where R is
    {"status": 200, "headers": {"Name": "value"}, "body": "text"}   or "bodyFile": "/path"
    plus, optionally: "delay": seconds before answering, "trickle": seconds between single body
    bytes (Content-Length announces the whole body), "stall": seconds to hold the connection
    without answering at all, "contentLength": the Content-Length to announce instead of the body's
    length (longer or shorter than the body: the whole body is sent either way), "closeAfter": send
    only this many body bytes, then close the connection (Content-Length announces the whole body).
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

REASONS = {200: "OK", 204: "No Content", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
           429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
           503: "Service Unavailable"}


def main():
    responses = json.loads(sys.argv[1])["responses"]
    log_path = sys.argv[2]
    lock = threading.Lock()
    state = {"count": 0}

    def serve(connection):
        try:
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
            if "bodyFile" in spec:
                with open(spec["bodyFile"], "rb") as file:
                    body = file.read()
            else:
                body = spec.get("body", "").encode("utf-8")
            status = spec.get("status", 200)
            lines = ["HTTP/1.1 %d %s" % (status, REASONS.get(status, "Status"))]
            lines += ["%s: %s" % item for item in spec.get("headers", {}).items()]
            length = spec.get("contentLength", len(body))
            lines += ["Content-Length: %d" % length, "Connection: close", "", ""]
            connection.sendall("\r\n".join(lines).encode("utf-8"))
            if "closeAfter" in spec:
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
