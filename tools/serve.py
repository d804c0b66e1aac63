"""Serve a built site on 127.0.0.1 with explicit MIME types (Pyodide needs application/wasm).

    python tools/serve.py [DIST] [--port 8000]
"""

import argparse
import functools
import http.server
import os
import threading

MIME = {
    ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
    ".json": "application/json", ".zip": "application/zip", ".css": "text/css",
    ".html": "text/html; charset=utf-8", ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8", ".png": "image/png", ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json", "": "application/octet-stream",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = MIME

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args):
        pass


class Server:
    """A threaded static server; ``port=0`` picks a free port. Usable as a context manager."""

    def __init__(self, directory, port=0, host="127.0.0.1"):
        handler = functools.partial(Handler, directory=directory)
        self.httpd = http.server.ThreadingHTTPServer((host, port), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.url = f"http://{host}:{self.port}/"
        self.thread = None

    def start(self):
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser()
    parser.add_argument("dist", nargs="?", default=os.path.join(root, "dist"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.dist, "index.html")):
        raise SystemExit(f"serve: {args.dist} has no index.html: run `make build` first")
    server = None
    for port in range(args.port, args.port + 20):
        try:
            server = Server(args.dist, port)
            break
        except OSError:
            continue
    if server is None:
        raise SystemExit(f"serve: ports {args.port}–{args.port + 19} are all busy")
    print(f"bodoge is being served at {server.url}  (Ctrl+C to stop)", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")


if __name__ == "__main__":
    main()
