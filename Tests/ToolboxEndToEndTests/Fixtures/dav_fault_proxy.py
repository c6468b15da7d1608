"""A proxy in front of a CalDAV server on 127.0.0.1 that breaks chosen requests, for the sync fault tests.

    python3 dav_fault_proxy.py UPSTREAM_PORT PORT_FILE RULES_FILE LOG_FILE

Listens on a free port of 127.0.0.1 (written to PORT_FILE once listening) and forwards every request to
127.0.0.1:UPSTREAM_PORT. Before each PUT it reads RULES_FILE (JSON; missing or empty: no faults):

    {"fail_put": [3]}          the 3rd PUT since the rules were written gets 503, not forwarded
    {"drop_after_put": [2]}    the 2nd PUT is forwarded, then the connection closes with no response
    {"change_before_put": [1]} before the 1st PUT with If-Match is forwarded, the item it names is
                               changed on the server (SUMMARY gets " (phone)"), so the PUT meets a new ETag

Each request is logged to LOG_FILE as "METHOD PATH STATUS" (STATUS "dropped" for a dropped one).
"""
import http.client
import http.server
import json
import os
import sys
import threading

UPSTREAM = int(sys.argv[1])
PORT_FILE, RULES_FILE, LOG_FILE = sys.argv[2], sys.argv[3], sys.argv[4]
lock = threading.Lock()
state = {"rules_mtime": None, "puts": 0, "if_match_puts": 0, "rules": {}}


def rules():
    try:
        mtime = os.stat(RULES_FILE).st_mtime_ns
    except FileNotFoundError:
        return {}
    if mtime != state["rules_mtime"]:
        with open(RULES_FILE) as handle:
            text = handle.read().strip()
        state.update(rules_mtime=mtime, puts=0, if_match_puts=0, rules=json.loads(text) if text else {})
    return state["rules"]


def log(line):
    with open(LOG_FILE, "a") as handle:
        handle.write(line + "\n")


def upstream(method, path, headers, body):
    connection = http.client.HTTPConnection("127.0.0.1", UPSTREAM, timeout=30)
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response, data


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        fault = None
        if self.command == "PUT":
            with lock:
                current = rules()
                state["puts"] += 1
                number = state["puts"]
                if "If-Match" in self.headers:
                    state["if_match_puts"] += 1
                    if state["if_match_puts"] in current.get("change_before_put", []):
                        fault = "change"
                if number in current.get("fail_put", []):
                    fault = "fail"
                elif number in current.get("drop_after_put", []):
                    fault = "drop"
        if fault == "fail":
            log("PUT %s 503" % self.path)
            self.send_response(503)
            self.send_header("Content-Length", "0")
            self.send_header("Retry-After", "0")
            self.end_headers()
            return
        if fault == "change":
            auth = {k: v for k, v in headers.items() if k.lower() == "authorization"}
            response, data = upstream("GET", self.path, auth, None)
            text = data.decode("utf-8").replace("\r\n ", "")
            lines = [l + " (phone)" if l.startswith("SUMMARY") else l for l in text.split("\r\n")]
            changed = "\r\n".join(lines).encode("utf-8")
            response, _ = upstream(
                "PUT", self.path, dict(auth, **{"Content-Type": "text/calendar; charset=utf-8"}), changed)
            log("PHONE-PUT %s %d" % (self.path, response.status))
        response, data = upstream(self.command, self.path, headers, body)
        if fault == "drop":
            log("%s %s dropped" % (self.command, self.path))
            self.close_connection = True
            return
        log("%s %s %d" % (self.command, self.path, response.status))
        self.send_response(response.status)
        for name, value in response.getheaders():
            if name.lower() not in ("content-length", "connection", "transfer-encoding", "date", "server"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_OPTIONS = do_HEAD = handle_any
    do_MKCALENDAR = do_MKCOL = do_POST = do_PROPPATCH = handle_any


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(PORT_FILE + ".tmp", "w") as handle:
    handle.write(str(server.server_address[1]))
os.rename(PORT_FILE + ".tmp", PORT_FILE)
server.serve_forever()
