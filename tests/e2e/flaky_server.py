"""A static server for the e2e tests that answers the first request for
each path matching PATTERN with 503 Service Unavailable, and every later
one as Python's http.server does: a network that dropped one fetch.

    python3 flaky_server.py DIR PATTERN

Prints "port N" once it listens (harness.mjs, startServer)."""

import functools
import http.server
import re
import sys

directory, pattern = sys.argv[1], re.compile(sys.argv[2])
failed = set()


class Handler(http.server.SimpleHTTPRequestHandler):
    def do_GET(self):
        path = self.path.split("?", 1)[0]
        if pattern.search(path) and path not in failed:
            failed.add(path)
            self.send_error(503, "dropped once by flaky_server.py")
            return
        super().do_GET()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=directory))
print(f"flaky_server.py: serving {directory} on port {server.server_address[1]}", flush=True)
server.serve_forever()
