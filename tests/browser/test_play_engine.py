"""The engine behind Play, in Chromium: no task of the page's main thread longer than 50 ms
while a move, a hint, a redeal or a new deal is made, in every game (the engine is in a
Web Worker); a hint that can be cancelled; a second start served by the service worker;
a runtime file that cannot be loaded named, with what to do, the replay still working;
and every page under a Content-Security-Policy that lets nothing but the site run."""

from __future__ import annotations

import re

import pytest

from tests.browser.playing import LOADING, PLAYABLE, Line, open_position, page_of, play_by, settle, status

pytestmark = pytest.mark.browser

WATCH = """() => {
    window.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((entry) =>
        window.longTasks.push([entry.startTime, entry.duration]))).observe({type: 'longtask', buffered: true});
    return performance.now();
}"""
LONG_AFTER = "(since) => window.longTasks.filter(([start]) => start >= since).map(([, duration]) => duration)"


@pytest.fixture(scope="module")
def tab(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    yield context.new_page()
    context.close()


TRIES = 3  # a machine that is busy with other work can hold up any task: the best of three counts


def long_tasks(page, action) -> list[float]:
    """The main thread's tasks longer than 50 ms while ``action`` runs and the page settles."""
    since = page.evaluate("() => performance.now()")
    action()
    settle(page)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100)))")
    return page.evaluate(LONG_AFTER, since)


def fewest_long_tasks(page, prepare, action) -> list[float]:
    """The long tasks of the try of ``action`` (after ``prepare``) that had the fewest: a task
    that the page's own work makes long is long every time."""
    found = None
    for _ in range(TRIES):
        prepare()
        page.evaluate(WATCH)
        tasks = long_tasks(page, action)
        if found is None or len(tasks) < len(found):
            found = tasks
        if not found:
            break
    return found


def redeal_in(line: Line) -> int | None:
    return next((index for index, move in enumerate(line.moves) if move.kind == "redeal"), None)


def ask_hint(page) -> None:
    page.get_by_role("button", name="Suggest a move").click()
    page.wait_for_function("() => /^(Hint|No hint)/.test(document.querySelector('.rules-play-status').textContent)",
                           timeout=LOADING)


# A timing target, not a gate (a loaded machine lengthens every task): run it with
# ``pytest -m timing`` on a quiet machine, where every game passes; under a load of 2-5 the
# first move after the page loads was one task of 50-160 ms in 9 of the 13 games (docs/play.md).
@pytest.mark.timing
@pytest.mark.parametrize("game_id", PLAYABLE)
def test_no_long_task_on_the_main_thread_during_a_move_a_hint_a_redeal_or_a_new_deal(tab, site_url, game_id):
    page = tab
    line = Line(game_id, 2)
    at = min(10, len(line.moves) - 1)

    def opened(stop: int):
        return lambda: open_position(page, site_url, game_id, 2, line.numbers[:stop])
    found = {"move": fewest_long_tasks(page, opened(at), lambda: play_by(page, "drag", line.game, line.moves[at])),
             "hint": fewest_long_tasks(page, lambda: None, lambda: ask_hint(page))}
    redeal = redeal_in(line)
    if redeal is not None:
        found["redeal"] = fewest_long_tasks(page, opened(redeal),
                                            lambda: play_by(page, "keys", line.game, line.moves[redeal]))
    found["new deal"] = fewest_long_tasks(
        page, lambda: None, lambda: page.get_by_role("button", name="Deal a deal chosen at random").click())
    assert {what: tasks for what, tasks in found.items() if tasks} == {}


def test_a_hint_can_be_cancelled_and_asked_again(tab, site_url):
    page = tab
    line = Line("zodiac", 2)
    open_position(page, site_url, "zodiac", 2, line.numbers[:20])
    page.get_by_role("button", name="Suggest a move").click()
    assert status(page).startswith("Looking for a move")
    page.get_by_role("button", name="Stop looking for a hint").click()
    assert status(page) == "Hint cancelled."
    page.wait_for_timeout(3000)
    assert status(page) == "Hint cancelled."  # the search stopped: nothing comes back
    assert page.get_by_role("button", name="Suggest a move").is_visible()
    page.get_by_role("button", name="Suggest a move").click()
    page.wait_for_function("() => document.querySelector('.rules-play-status').textContent.startsWith('Hint: ')",
                           timeout=LOADING)
    assert "which sees only what you see" in status(page) or "knows every card" in status(page)


def test_a_second_start_is_served_by_the_service_worker(browser, site_url):
    context = browser.new_context()
    page = context.new_page()
    open_position(page, site_url, "sultan", 1)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=LOADING)
    again = context.new_page()
    fetched = []
    again.on("response", lambda response: fetched.append(response))
    open_position(again, site_url, "sultan", 1)
    from_site = [r.url for r in fetched if "/_static/" in r.url and not r.from_service_worker]
    context.close()
    assert from_site == []
    assert any("snapshot.bin" in r.url for r in fetched)


BLOCKED = [
    "_static/pyodide/pyodide.asm.wasm", "_static/pyodide/pyodide.asm.mjs", "_static/pyodide/pyodide.mjs",
    "_static/play/stdlib.zip", "_static/play/snapshot.bin.gz", "_static/play/engine.zip",
    "_static/play/manifest.json", "_static/play/games/calculation.json", "_static/play-worker.js",
]


@pytest.mark.parametrize("blocked", BLOCKED)
def test_a_runtime_file_that_cannot_load_is_named_and_the_board_and_the_replay_still_work(browser, site_url, blocked):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    context.route(re.compile(re.escape(blocked)), lambda route: route.abort())
    page.goto(site_url + page_of("calculation"))
    page.get_by_role("button", name="Play", exact=True).click()
    assert page.locator(".rules-play .rules-pile").count() > 0  # the deal is on the board at once
    page.wait_for_function("() => document.querySelector('.rules-play-status').textContent.startsWith('Play cannot')",
                           timeout=LOADING)
    said = status(page)
    assert blocked in said and "What to do: " in said, said
    assert "The rules and the example replay above work without it." in said
    replay = page.locator(".rules-replay")
    replay.get_by_role("button", name=re.compile("Play the next move")).click()
    assert replay.locator(".rules-position").inner_text().startswith("Move 1 of ")
    context.close()


VIOLATIONS = """() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
        window.violations.push([event.violatedDirective, event.blockedURI, event.sample]));
}"""


@pytest.mark.parametrize("path", ["index.html", "docs/index.html", "docs/games/sultan.html", "docs/glossary.html",
                                  "search.html?q=pack"])
def test_every_page_has_a_policy_that_lets_only_the_site_run_and_play_works_under_it(browser, site_url, path):
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(f"({VIOLATIONS})()")
    page.goto(site_url + path)
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert policy.startswith("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'")
    assert "object-src 'none'" in policy and "http" not in policy
    if "games/" in path:
        page.get_by_role("button", name="Play", exact=True).click()
        page.wait_for_selector(".rules-play[data-ready]", timeout=LOADING)
        settle(page)
        assert page.locator(".rules-play").get_attribute("data-engine") == "snapshot"
    assert page.evaluate("() => window.violations") == []
    ran = page.evaluate("""() => { const script = document.createElement('script');
                                   script.textContent = 'window.injected = true'; document.body.append(script);
                                   return new Promise((done) => setTimeout(() => done(window.injected === true), 50)); }""")
    assert ran is False  # an injected inline script does not run
    assert [v[0] for v in page.evaluate("() => window.violations")] == ["script-src-elem"]
    context.close()
