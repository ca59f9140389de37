#!/usr/bin/env python3
"""How long after navigation start the page's first call("convert") of the
npm package is answered, in headless Chromium (through chromedriver's
WebDriver protocol, no Python package needed).

    cargo xtask site target/site && cp bench/js/first-call.html target/site/
    python3 bench/js/first-call.py target/site [ROUNDS] [--again] [--page NAME]

It serves DIR from a static file server on loopback, opens
first-call.html ROUNDS times (5) in a new browser each time (nothing
cached; with --again, the page opened a second time is timed: its files
from the browser's cache), and prints each round's time with the fetches
behind it. `--page floor.html` (copied beside it) times a page with
nothing of polyfen in it instead: the browser's own floor, when a page's
script first runs. Pages taken in turn with several `--page`s, round by
round, are timed side by side.
"""

import http.server
import json
import functools
import socket
import subprocess
import sys
import threading
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def webdriver(port, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
    request.add_header("content-type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())["value"]


def answered(port, session):
    """The page's text once it has answered (at most 5 s of waiting)."""
    text = "waiting"
    for _ in range(100):
        text = webdriver(port, "POST", f"/session/{session}/execute/sync",
                         {"script": "return document.getElementById('out').textContent", "args": []})
        if text != "waiting":
            break
        time.sleep(0.05)
    return text


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main():
    site = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 5
    pages = [sys.argv[i + 1] for i, a in enumerate(sys.argv[:-1]) if a == "--page"] or ["first-call.html"]
    handler = functools.partial(Quiet, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    port = free_port()
    driver = subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(50):
            try:
                webdriver(port, "GET", "/status")
                break
            except OSError:
                time.sleep(0.1)
        times = {page: [] for page in pages}
        for _, page in ((r, p) for r in range(rounds) for p in pages):
            url = base + page
            caps = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": {
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1366,768"]}}}}
            session = webdriver(port, "POST", "/session", caps)["sessionId"]
            try:
                # the browser started and its connection open: what is
                # timed is the page's loading, not the browser's
                webdriver(port, "POST", f"/session/{session}/url", {"url": base + "404"})
                webdriver(port, "POST", f"/session/{session}/url", {"url": url})
                text = answered(port, session)
                fetches = webdriver(port, "POST", f"/session/{session}/execute/sync", {"script": (
                    "return performance.getEntriesByType('resource').map(e => "
                    "`${e.name.split('/').pop()} ${e.startTime.toFixed(1)}..${e.responseEnd.toFixed(1)} ms`)"
                    ".concat(performance.getEntriesByType('navigation').map(e => "
                    "`the page ${e.requestStart.toFixed(1)}..${e.responseEnd.toFixed(1)} ms, parsed ${e.domInteractive.toFixed(1)} ms`))"),
                    "args": []})
                if "--again" in sys.argv:
                    # a second visit: the files in the browser's cache
                    webdriver(port, "POST", f"/session/{session}/url", {"url": url + "?again"})
                    text = answered(port, session)
                print(f"{page}: {text}")
                for fetch in fetches:
                    print("   ", fetch)
                times[page].append(float(text.split(" answered ")[1].split(" ms")[0]))
            finally:
                webdriver(port, "DELETE", f"/session/{session}")
        for page, taken in times.items():
            taken.sort()
            print(f"{page}: best {taken[0]:.1f} ms, median {taken[len(taken) // 2]:.1f} ms of {rounds}")
    finally:
        driver.terminate()
        server.shutdown()


if __name__ == "__main__":
    main()
