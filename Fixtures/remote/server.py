#!/usr/bin/env python3
"""The hosting failures aasalint fetch must recognise, served on 127.0.0.1 for its tests.

Run by the tests: it binds a free port, prints it on the first line of standard output, and
serves until its standard input closes (when the test that started it ends or dies), so it
never outlives the test run.

    /origin/HOST/.well-known/apple-app-site-association   what HOST serves   (--origin-base http://127.0.0.1:PORT/origin)
    /origin/HOST/.well-known/assetlinks.json              HOST's assetlinks.json (404 unless HOST serves one)
    /origin/HOST/PATH                                     other places HOST serves a file at
    /cdn/HOST                                             Apple's CDN copy   (--cdn-base http://127.0.0.1:PORT/cdn)

With --tls CERTIFICATE KEY it serves the same over HTTPS (for the certificate tests).
"""

import os
import ssl
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FILES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "files")
WELL_KNOWN = "/.well-known/apple-app-site-association"
ASSET_LINKS = "/.well-known/assetlinks.json"
OVERSIZED = 5 * 1024 * 1024  # over aasalint's 4 MB download limit


def file(name, content_type="application/json"):
    def answer(handler):
        with open(os.path.join(FILES, name), "rb") as source:
            handler.reply(200, content_type, source.read())
    return answer


def status(code):
    def answer(handler):
        handler.reply(code, "text/html", b"<html><body>%d</body></html>\n" % code)
    return answer


def redirect(location):
    def answer(handler):
        handler.reply(301, "text/html", b"<html><body>Moved</body></html>\n", {"Location": location})
    return answer


def by_agent(crawler, others):
    """One answer to Apple's crawler (User-Agent: AASA-Bot/...), another to everyone else."""
    def answer(handler):
        agent = handler.headers.get("User-Agent", "")
        (crawler if agent.startswith("AASA-Bot/") else others)(handler)
    return answer


def cookie_wall(handler):
    """The file only to a client that sends back the cookie of an earlier answer."""
    if "visited=1" in handler.headers.get("Cookie", ""):
        file("current.json")(handler)
    else:
        handler.reply(403, "text/html", b"<html><body>403</body></html>\n", {"Set-Cookie": "visited=1; Path=/"})


def cloudflare_challenge(handler):
    handler.reply(403, "text/html; charset=UTF-8",
                  b"<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>"
                  b"<script src=\"/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1\"></script></body></html>\n",
                  {"Server": "cloudflare", "cf-mitigated": "challenge"})


# What Apple's CDN sent at a fixed time, so that the refresh time in the findings is known.
CDN_DATE = "Thu, 03 Dec 2026 10:00:00 GMT"


def cdn_failure(handler):
    handler.reply(404, "text/plain", b"Not Found\n", {
        "Date": CDN_DATE,
        "Apple-Failure-Reason": "SWCERR00101 Bad HTTP Response: 403 Forbidden",
        "Apple-Failure-Details": '{"status":"403 Forbidden"}',
        "Apple-Try-Direct": "true",
        "Cache-Control": "max-age=3600,public",
    })


def cached(name, max_age, age):
    def answer(handler):
        with open(os.path.join(FILES, name), "rb") as source:
            handler.reply(200, "application/json", source.read(),
                          {"Date": CDN_DATE, "Cache-Control": "max-age=%d,public" % max_age, "Age": str(age)})
    return answer


def slow(seconds, then):
    def answer(handler):
        time.sleep(seconds)
        then(handler)
    return answer


def oversized(announced):
    """A body over the limit, with its size announced up front, or only found out while reading."""
    def answer(handler):
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        if announced:
            handler.send_header("Content-Length", str(OVERSIZED))
        handler.end_headers()
        chunk = b" " * 65536
        for _ in range(OVERSIZED // len(chunk)):
            handler.wfile.write(chunk)
    return answer


def gzip_bomb(megabytes):
    """A gzip body of a few hundred KB that decodes to `megabytes` MB of spaces: the download
    limit must hold while decoding. Each megabyte is compressed alone (a full flush resets the
    compressor), so one compressed megabyte repeated makes the whole stream; it is made on the
    first request."""
    made = []

    def body():
        spaces = b" " * (1024 * 1024)
        compressor = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate: the gzip frame is written here
        megabyte = compressor.compress(spaces) + compressor.flush(zlib.Z_FULL_FLUSH)
        checksum = 0
        for _ in range(megabytes):
            checksum = zlib.crc32(spaces, checksum)
        size = megabytes * len(spaces)
        return (b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff" + megabyte * megabytes + compressor.flush()
                + checksum.to_bytes(4, "little") + (size % 2**32).to_bytes(4, "little"))

    def answer(handler):
        if not made:
            made.append(body())
        handler.reply(200, "application/json", made[0], {"Content-Encoding": "gzip"})
    return answer


HOSTS = {
    "good.example.com": (file("current.json"), file("current.json")),
    "redirect.example.com": (redirect("https://www.redirect.example.com" + WELL_KNOWN), file("current.json")),
    "missing.example.com": (status(404), status(404)),
    "wrong-type.example.com": (file("current.json", "text/plain"), file("current.json")),
    "slow.example.com": (slow(5, file("current.json")), file("current.json")),
    "oversized.example.com": (oversized(announced=True), file("current.json")),
    "streamed-oversized.example.com": (oversized(announced=False), file("current.json")),
    "gzip-bomb.example.com": (gzip_bomb(256), file("current.json")),
    "backtracking.example.com": (file("backtracking.json"), file("backtracking.json")),
    "stale-cdn.example.com": (file("current.json"), file("before-account-exclusion.json")),
    "reformatted-cdn.example.com": (file("current.json"), file("current-reformatted.json")),
    "not-on-cdn.example.com": (file("current.json"), status(404)),
    "invalid-app-id.example.com": (file("invalid-app-id.json"), file("invalid-app-id.json")),
    "hostile-text.example.com": (file("hostile-text.json"), file("current.json")),
    "shop.example.com": (file("shop.json"), file("shop.json")),  # lists the app of Fixtures/artifacts/remote/Shop.ipa
    "crawler-blocked.example.com": (by_agent(status(403), file("current.json")), cdn_failure),
    "challenge.example.com": (cloudflare_challenge, file("current.json")),
    "cdn-failure.example.com": (file("current.json"), cdn_failure),
    "cookie-wall.example.com": (cookie_wall, file("current.json")),
    "cached-cdn.example.com": (file("current.json"), cached("before-account-exclusion.json", 86400, 3600)),
    "json-only.example.com": ({".well-known/apple-app-site-association.json": file("current.json")}, status(404)),
    "root-only.example.com": ({"apple-app-site-association": file("current.json")}, status(404)),
}

# The hosts that also serve an assetlinks.json (HOSTS answer 404 for it): their AASA file is good.
ANDROID_HOSTS = {
    "android.example.com": file("assetlinks.json"),
    "android-redirect.example.com": redirect("https://www.android-redirect.example.com" + ASSET_LINKS),
    "android-wrong-type.example.com": file("assetlinks.json", "text/plain"),
    "android-lowercase.example.com": file("assetlinks-lowercase.json"),  # the file rules run on what is served
    "android-missing.example.com": status(404),  # a configuration names its assetlinks.json
}
for android_host in ANDROID_HOSTS:
    HOSTS[android_host] = (file("current.json"), file("current.json"))


class Handler(BaseHTTPRequestHandler):
    # HTTP/1.0: one request per connection, and a body without a length ends when it closes.
    protocol_version = "HTTP/1.0"

    def do_GET(self):
        answer = self.route()
        try:
            answer(self)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading (size limit, timeout): what the test wants

    def route(self):
        parts = self.path.split("/", 3)
        if len(parts) >= 3 and parts[1] in ("origin", "cdn") and parts[2] in HOSTS:
            origin, cdn = HOSTS[parts[2]]
            if parts[1] == "cdn" and len(parts) == 3:
                return cdn
            if parts[1] == "origin" and len(parts) == 4:
                if "/" + parts[3] == ASSET_LINKS:
                    return ANDROID_HOSTS.get(parts[2], status(404))
                if isinstance(origin, dict):
                    return origin.get(parts[3], status(404))
                if "/" + parts[3] == WELL_KNOWN:
                    return origin
        return status(404)

    def reply(self, code, content_type, body, headers=None):
        headers = dict(headers or {})
        self.fixed_date = headers.pop("Date", None)
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def date_time_string(self, timestamp=None):
        return getattr(self, "fixed_date", None) or super().date_time_string(timestamp)

    def log_message(self, format, *args):
        pass


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if len(sys.argv) == 4 and sys.argv[1] == "--tls":
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # until the test closes it, or ends


if __name__ == "__main__":
    main()
