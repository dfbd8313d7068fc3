"""How soon Play starts, in headless Chromium: the three start-up targets, measured.

    python benchmarks/bench_play.py [BUILT_SITE] [ROUNDS]     # default _build/html, 5 rounds

Build the site first (README). Each round opens Sultan's page in a new browser profile
(nothing cached: a cold start), scrolls to Play as a reader does and presses it at once,
then drags the stock's card to where it goes as soon as the deal is on the board; then it
does the same on a new page of the same profile (a warm start). It records, as the page
measures them from the time of the click event (the driver's own wall-clock figures,
which add playwright's checks before a click and its round trips, are printed too):

- ``shown``: from pressing Play to the deal on the board (target: 0.5 s at most);
- ``move``: from pressing Play to that first move accepted by the engine (targets: 3 s
  cold, 1 s warm);
- what the warm start fetched from the site, as the server saw it (target: nothing but
  the page; the browser's update check of the service worker is listed apart);
- the bytes a cold start fetches, file by file.

The medians are printed with the machine's load average, which the figures depend on:
quote them together (docs/play.md).
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
PAGE = "docs/games/sultan.html"
TARGETS = {"shown": 0.5, "cold move": 3.0, "warm move": 1.0}


class Logged(http.server.SimpleHTTPRequestHandler):
    """Serves the site and notes every path asked for, with the bytes sent."""

    seen: list[tuple[str, int]] = []

    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass

    def send_header(self, keyword, value):
        if keyword.lower() == "content-length":  # the base class logs no size: note the one it sends
            Logged.seen.append((self.path, int(value)))
        super().send_header(keyword, value)


def first_target() -> str:
    """Where the first card of Sultan's default deal goes (the pack's card: turned up on the way)."""
    from patience_sphinx.rules.play import DEFAULT_DEAL

    from patience.rulespec.compile import load_game

    game = load_game("sultan")
    move = game.legal_moves(game.deal(DEFAULT_DEAL))[0]
    assert move.src == 0, "the first move of the default deal is no longer the pack's"
    return game.rules.pile_name(move.dst)


# In the page: from the press on Play (the click event's own time) to the first frame
# after the board is in the document, and to the first move accepted.
WATCH = """() => { window.bench = {};
    window.bench.shown = new Promise((resolve) => document.querySelector('.rules-play-button').addEventListener('click',
        (event) => { window.bench.pressed = event.timeStamp;
            const drawn = () => document.querySelector('.rules-play .rules-pile[data-pile="0"]')
                ? requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - event.timeStamp), 0))
                : requestAnimationFrame(drawn);
            drawn(); }, {once: true, capture: true})); }"""


def start(page, url: str, target: str) -> dict:
    """Seconds from pressing Play to the board shown and to the first move accepted, as
    the page measures them (``shown``, ``move``) and as the driver does (``driver_*``:
    playwright's own checks before a click and its round trips included)."""
    page.goto(url)
    page.locator(".rules-play-button").scroll_into_view_if_needed()
    page.evaluate(WATCH)
    began = time.perf_counter()
    page.locator(".rules-play-button").click()
    page.wait_for_selector('.rules-play .rules-pile[data-pile="0"]')
    driver_shown = time.perf_counter() - began
    shown = page.evaluate("() => window.bench.shown") / 1000
    talon = page.locator(f'.rules-play .rules-pile[data-name="{target}"]')
    stock = page.locator('.rules-play .rules-pile[data-pile="0"]').bounding_box()
    there = talon.bounding_box()
    page.mouse.move(stock["x"] + 20, stock["y"] + 20)
    page.mouse.down()
    page.mouse.move(stock["x"] + 30, stock["y"] + 30, steps=2)
    page.mouse.move(there["x"] + 20, there["y"] + 20, steps=3)
    page.mouse.up()
    page.wait_for_function("() => document.querySelector('.rules-play-turn').textContent.includes('move 1')",
                           timeout=300_000)
    driver_move = time.perf_counter() - began
    moved = page.evaluate("() => (performance.now() - window.bench.pressed) / 1000")
    return {"shown": shown, "move": moved, "driver_shown": driver_shown, "driver_move": driver_move,
            "engine": page.locator(".rules-play").get_attribute("data-engine")}


def main() -> None:
    from playwright.sync_api import sync_playwright

    site = Path(sys.argv[1] if len(sys.argv) > 1 else "_build/html")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Logged, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{PAGE}"
    target = first_target()
    load_before = os.getloadavg()
    cold, warm, warm_fetched, cold_fetched = [], [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for _ in range(rounds):
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            Logged.seen.clear()
            cold.append(start(context.new_page(), url, target))
            context.pages[0].wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=300_000)
            time.sleep(1)  # the service worker keeps the page's own files
            # The game kept in local storage would be drawn at move 1 on the next start, and
            # the move awaited be there before any was made: the warm start begins at move 0.
            context.pages[0].evaluate("() => localStorage.clear()")
            cold_fetched.append(list(Logged.seen))
            Logged.seen.clear()
            warm.append(start(context.new_page(), url, target))
            warm_fetched.append([path for path, _ in Logged.seen])
            context.close()
        browser.close()
    server.shutdown()
    report(site, cold, warm, warm_fetched, cold_fetched[0], load_before, os.getloadavg())


def report(site, cold, warm, warm_fetched, cold_fetched, load_before, load_after) -> None:
    median = {"shown": statistics.median([r["shown"] for r in cold + warm]),
              "cold move": statistics.median([r["move"] for r in cold]),
              "warm move": statistics.median([r["move"] for r in warm])}
    print("| measure | median | runs | target | met |\n|---|---:|---|---:|---|")
    runs = {"shown": cold + warm, "cold move": cold, "warm move": warm}
    for name, value in median.items():
        key = "shown" if name == "shown" else "move"
        listed = ", ".join(f"{r[key]:.2f}" for r in runs[name])
        print(f"| {name} | {value:.2f} s | {listed} | {TARGETS[name]} s | {'yes' if value <= TARGETS[name] else 'no'} |")
    driver = {"shown": statistics.median([r["driver_shown"] for r in cold + warm]),
              "cold move": statistics.median([r["driver_move"] for r in cold]),
              "warm move": statistics.median([r["driver_move"] for r in warm])}
    print("\nAs the driver saw them (its checks before the click and its round trips included): "
          + ", ".join(f"{name} {value:.2f} s" for name, value in driver.items()))
    extra = [[p for p in fetched if not p.startswith("/" + PAGE) and p != "/play-sw.js"] for fetched in warm_fetched]
    print(f"\nWarm starts fetched, besides the page and the service worker's update check: {extra}")
    print(f"(every warm start: {warm_fetched})")
    print("\n| file a cold start fetched | bytes |\n|---|---:|")
    total = 0
    for path, size in cold_fetched:
        print(f"| `{path}` | {size:,} |")
        total += size
    print(f"| **total** | **{total:,}** |")
    print(json.dumps({"median_s": {k: round(v, 2) for k, v in median.items()},
                      "driver_median_s": {k: round(v, 2) for k, v in driver.items()},
                      "engine": sorted({str(r["engine"]) for r in cold + warm}),
                      "load_average_before": [round(x, 2) for x in load_before],
                      "load_average_after": [round(x, 2) for x in load_after], "cpus": os.cpu_count(),
                      "site": str(site)}))


if __name__ == "__main__":
    main()
