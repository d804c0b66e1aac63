"""Serve a built site on 127.0.0.1 with explicit MIME types (Pyodide needs application/wasm).

    python tools/serve.py [DIST] [--port 8000] [--pages]

``--pages`` serves it as GitHub Pages does: gzip for the types Pages compresses, ETag and
``Cache-Control: max-age=600``. The benchmarks and tests also use ``Server``'s ``link`` (a
throttled network: a shared bandwidth and a round trip per request) and ``tally`` (what was
sent, file by file).
"""

import argparse
import email.utils
import functools
import gzip
import http.server
import os
import threading
import time

MIME = {
    ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
    ".json": "application/json", ".zip": "application/zip", ".css": "text/css",
    ".html": "text/html; charset=utf-8", ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8", ".png": "image/png", ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json", "": "application/octet-stream",
}
# What GitHub Pages sends gzipped (when the browser accepts it): text, scripts, JSON, SVG and
# WebAssembly; never archives or images, which are compressed already.
COMPRESSED = ("text/", "application/javascript", "application/json", "application/manifest+json",
              "image/svg+xml", "application/wasm")


class Link:
    """A throttled network shared by every connection to the server: ``mbps`` megabits a
    second for all response bytes together, and ``rtt_ms`` before each response starts (the
    request's way up and the answer's first byte back), once more for a new connection."""

    CHUNK = 16 * 1024

    def __init__(self, mbps, rtt_ms):
        self.rate = mbps * 1_000_000 / 8          # bytes a second
        self.rtt = rtt_ms / 1000
        self.lock = threading.Lock()
        self.free_at = 0.0                         # when the link has sent what it was given

    def round_trip(self):
        time.sleep(self.rtt)

    def send(self, wfile, data):
        """Write ``data`` at the link's pace, in chunks taken in turn with the other
        responses being sent (so parallel downloads share the bandwidth)."""
        view = memoryview(data)
        for start in range(0, len(view), self.CHUNK):
            chunk = view[start:start + self.CHUNK]
            with self.lock:
                begin = max(time.monotonic(), self.free_at)
                self.free_at = begin + len(chunk) / self.rate
                until = self.free_at
            delay = until - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            wfile.write(chunk)


class Tally:
    """What the server sent: one entry per response (path, status, bytes on the wire with
    headers, the time it was asked for)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.sent = []

    def add(self, path, status, size):
        with self.lock:
            self.sent.append({"path": path, "status": status, "bytes": size, "at": time.time()})

    def take(self):
        """Everything so far, and start again."""
        with self.lock:
            sent, self.sent = self.sent, []
        return sent


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = MIME
    protocol_version = "HTTP/1.1"        # keep-alive, as browsers and hosts use
    pages = False
    link = None
    tally = None
    _gzipped = {}                        # (path, mtime, size) -> gzip bytes
    _gzip_lock = threading.Lock()

    def setup(self):
        super().setup()
        if self.link:                    # a new connection's handshake
            self.link.round_trip()

    def end_headers(self):
        if not self.pages:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args):
        pass

    def do_GET(self):
        self._serve(body=True)

    def do_HEAD(self):
        self._serve(body=False)

    def _serve(self, body):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].endswith("/"):
                return self._send(301, {"Location": self.path.split("?", 1)[0] + "/"}, b"", body)
            path = os.path.join(path, "index.html")
        try:
            with open(path, "rb") as f:
                data = f.read()
            stat = os.stat(path)
        except OSError:
            return self._send(404, {"Content-Type": "text/plain"}, b"not found", body)
        ctype = self.guess_type(path)
        headers = {"Content-Type": ctype}
        if self.pages:
            etag = f'"{int(stat.st_mtime):x}-{stat.st_size:x}"'
            headers.update({"Cache-Control": "max-age=600", "ETag": etag, "Vary": "Accept-Encoding",
                            "Last-Modified": email.utils.formatdate(stat.st_mtime, usegmt=True)})
            if self.headers.get("If-None-Match") == etag:
                return self._send(304, headers, b"", body)
            if (ctype.startswith(COMPRESSED) and "gzip" in self.headers.get("Accept-Encoding", "")):
                data = self._gzip(path, stat, data)
                headers["Content-Encoding"] = "gzip"
        return self._send(200, headers, data, body)

    def _gzip(self, path, stat, data):
        key = (path, stat.st_mtime_ns, stat.st_size)
        with self._gzip_lock:
            made = self._gzipped.get(key)
            if made is None:
                made = self._gzipped[key] = gzip.compress(data, 6, mtime=0)
        return made

    def _send(self, status, headers, data, body):
        if self.link:
            self.link.round_trip()
        self._holding = True
        try:
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
        finally:
            self._holding = False
        head = b"".join(self._headers_buffer)
        self._headers_buffer = []
        payload = head + (data if body else b"")
        if self.link:
            self.link.send(self.wfile, payload)
        else:
            self.wfile.write(payload)
        if self.tally is not None:
            self.tally.add(self.path.split("?", 1)[0], status, len(payload))

    _holding = False

    def flush_headers(self):
        # _send writes the headers with the body (through the link, counted)
        if not self._holding:
            super().flush_headers()


def prepare_gzip(handler, directory):
    """Compress every file Pages would send gzipped now, not while a browser waits for it (the
    9.6 MB WebAssembly takes a second)."""
    for folder, _, files in os.walk(directory):
        for name in files:
            path = os.path.join(folder, name)
            if handler.guess_type(handler, path).startswith(COMPRESSED):
                stat = os.stat(path)
                with open(path, "rb") as f:
                    handler._gzip(handler, path, stat, f.read())


class Server:
    """A threaded static server; ``port=0`` picks a free port. Usable as a context manager.
    ``pages``: GitHub Pages' headers and gzip; ``link``: a ``Link`` that throttles every
    response; ``tally``: a ``Tally`` that records them."""

    def __init__(self, directory, port=0, host="127.0.0.1", pages=False, link=None, tally=None):
        handler = type("SiteHandler", (Handler,), {"pages": pages, "link": link, "tally": tally,
                                                   "_gzipped": {}})
        if pages:
            prepare_gzip(handler, directory)
        handler = functools.partial(handler, directory=directory)
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
    parser.add_argument("--pages", action="store_true", help="GitHub Pages' headers and gzip")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.dist, "index.html")):
        raise SystemExit(f"serve: {args.dist} has no index.html: run `make build` first")
    server = None
    for port in range(args.port, args.port + 20):
        try:
            server = Server(args.dist, port, pages=args.pages)
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
