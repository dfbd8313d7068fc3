"""What Play costs a reader: the bytes it adds to a page (only once Play is pressed), and the
time from pressing Play to the first deal on the board, in headless Chromium.

    python benchmarks/bench_play.py [BUILT_SITE] [ROUNDS]     # default _build/html, 3 rounds

Build the site first (README). A cold start is a new browser profile (nothing cached);
a warm one is Play pressed again on a reloaded page of the same profile. The figures
are quoted in docs/play.md with the machine's load at the time.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"


def download(site: Path) -> list[tuple[str, int, int]]:
    """(file, bytes, bytes gzipped) of everything Play fetches for one game."""
    static = site / "_static"
    files = sorted((static / "pyodide").iterdir()) + [static / "play" / "engine.zip", static / "play" / "manifest.json",
                                                      static / "play" / "games" / "sultan.json"]
    return [(str(path.relative_to(site)), path.stat().st_size, len(gzip.compress(path.read_bytes(), 6)))
            for path in files]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass


def press_play(page, url: str) -> tuple[float, float]:
    """Seconds from the click to the dealt board, as the test sees it and as the page counts it."""
    page.goto(url)
    start = time.perf_counter()
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_selector(".rules-play[data-outcome]", timeout=300_000)
    seen = time.perf_counter() - start
    return seen, int(page.locator(".rules-play").get_attribute("data-ready")) / 1000


def main() -> None:
    from playwright.sync_api import sync_playwright

    site = Path(sys.argv[1] if len(sys.argv) > 1 else "_build/html")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    sizes = download(site)
    print("| file | bytes | gzipped |\n|---|---:|---:|")
    for name, size, packed in sizes:
        print(f"| `{name}` | {size:,} | {packed:,} |")
    print(f"| **total** | **{sum(s for _, s, _ in sizes):,}** | **{sum(p for _, _, p in sizes):,}** |")
    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/docs/games/sultan.html"
    cold, warm = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for _ in range(rounds):
            context = browser.new_context()
            page = context.new_page()
            cold.append(press_play(page, url)[0])
            warm.append(press_play(page, url)[0])
            context.close()
        browser.close()
    server.shutdown()
    load = os.getloadavg()[0]
    print(json.dumps({"cold_s": [round(s, 2) for s in cold], "warm_s": [round(s, 2) for s in warm],
                      "cold_median_s": round(statistics.median(cold), 2),
                      "warm_median_s": round(statistics.median(warm), 2),
                      "load_average_1min": round(load, 2), "cpus": os.cpu_count()}))


if __name__ == "__main__":
    main()
