"""Play in the page, in Chromium: the engine, in a Web Worker under Pyodide, deals and plays
the deals of ``patience deal`` and ``patience play``, by mouse and by keyboard, with the
clauses that allow or forbid each move; bad links are said so; nothing is fetched from
another site."""

from __future__ import annotations

import json
import re

import pytest

from patience.cli import main as patience_main
from patience.engine.visibility import describe, in_order
from patience.rulespec.compile import load_game
from tests.browser.playing import LOADING, PLAYABLE, Line, open_position, page_of, pile, play_by, settle, status

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def tab(browser, site_url):
    """One tab for the module, so that the engine starts as few times as possible; every
    request that leaves the site is refused and recorded."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    tab = context.new_page()
    foreign = []

    def route(request_route):
        if request_route.request.url.startswith(site_url):
            request_route.continue_()
        else:
            foreign.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)
    yield tab
    context.close()
    assert foreign == [], f"requests to other sites: {foreign}"


@pytest.fixture
def play_page(tab):
    tab.set_viewport_size({"width": 1400, "height": 900})
    return tab


def deal_in_page(page, site_url, game_id: str, deal: int, numbers=()) -> None:
    """Deal ``deal`` of ``game_id`` with the page's own controls (starting Play on the game's
    page if it is not running there), then play ``numbers`` from the list of legal moves."""
    running = page.url.split("?")[0].split("#")[0] == site_url + page_of(game_id) and \
        page.locator(".rules-play[data-ready]").count() == 1
    if not running:
        open_position(page, site_url, game_id, deal)
    else:
        chooser = page.locator(".rules-play-game")
        if chooser.input_value() != game_id:  # shown only where the game has variants
            chooser.select_option(game_id)
        page.locator(".rules-play-deal").fill(str(deal))
        page.get_by_role("button", name="Deal the numbered deal").click()
        settle(page)
        page.wait_for_function(f"() => document.querySelector('.rules-play-turn').textContent.startsWith('Deal {deal},')"
                               f" && document.querySelector('.rules-play-game').value === '{game_id}'")
    game = load_game(game_id)
    state = game.deal(deal)
    for number in numbers:
        play_by(page, "drag", game, in_order(game, state)[number - 1])
        game.apply(state, in_order(game, state)[number - 1])
        settle(page)


def board_piles(page) -> list[tuple[str, int, str]]:
    return page.eval_on_selector_all(
        ".rules-play .rules-pile",
        "piles => piles.map(p => [p.dataset.name, Number(p.dataset.count), p.dataset.top])")


def test_a_numbered_deal_dealt_in_the_page_is_the_deal_of_patience_deal(play_page, site_url, capsys):
    page = play_page
    page.goto(site_url + "docs/games/duchess.html")
    assert page.locator(".rules-play-panel").count() == 0  # nothing shown before Play
    page.get_by_role("button", name="Play", exact=True).click()
    assert int(page.locator(".rules-play").get_attribute("data-shown")) < 500  # the deal at once
    page.wait_for_selector(".rules-play[data-ready]", timeout=LOADING)
    page.get_by_label("Deal", exact=True).fill("7")
    page.get_by_role("button", name="Deal the numbered deal").click()
    settle(page)
    assert patience_main(["deal", "duchess", "7", "--json"]) == 0
    dealt = json.loads(capsys.readouterr().out)["piles"]
    shown = board_piles(page)
    assert [name for name, _, _ in shown] == list(dealt)
    for name, count, top in shown:
        assert count == len(dealt[name]), name
        if name in ("stock", "reserve"):  # face down: only the number of cards is in the page
            assert top == ""
        else:
            assert top == (dealt[name][-1] if dealt[name] else "")
    assert "deal=7" in page.url and "Deal 7, move 0" in page.locator(".rules-play-turn").inner_text()


def test_the_engines_winning_line_played_card_by_card_wins(play_page, site_url):
    line = Line("calculation", 4)
    assert line.outcome.outcome == "won"  # it replays to a win in CPython
    page = play_page
    open_position(page, site_url, "calculation", 4)
    for index, move in enumerate(line.moves, 1):
        play_by(page, "drag", line.game, move)
        settle(page)
        assert page.locator(".rules-play-turn").inner_text().startswith(f"Deal 4, move {index}"), line.game.describe(move)
    assert page.locator(".rules-play").get_attribute("data-outcome") == "won"
    assert "Won: every card is on the foundations." in page.locator(".rules-play-turn").inner_text()
    assert "The game is won." in status(page)
    assert f"moves={'.'.join(map(str, line.numbers))}" in page.url


def test_undo_redo_and_restart(play_page, site_url):
    line = Line("sultan", 3)
    page = play_page
    open_position(page, site_url, "sultan", 3, line.numbers[:4])
    after_four = board_piles(page)
    page.get_by_role("button", name="Take back the last move").click()
    settle(page)
    assert f"moves={'.'.join(map(str, line.numbers[:3]))}" in page.url
    assert "Taken back: " + line.game.describe(line.moves[3]) in status(page)
    assert board_piles(page) != after_four
    page.get_by_role("button", name="Play again the move taken back").click()
    settle(page)
    assert board_piles(page) == after_four
    assert page.get_by_role("button", name="Play again the move taken back").is_disabled()
    page.get_by_role("button", name="Back to the start of this deal").click()
    settle(page)
    assert "moves=" not in page.url and page.get_by_role("button", name="Take back the last move").is_disabled()


def in_sight(line, stop: int) -> bool:
    from patience.session import Session

    session = Session(line.game, line.deal)
    session.replay(line.numbers[:stop])
    return bool(session.view()["moves"])


def test_a_why_link_leads_to_the_clause_and_its_passages(play_page, site_url):
    page = play_page
    line = Line("sultan", 3)
    stop = next(stop for stop in range(len(line.numbers)) if in_sight(line, stop))  # a move in the list
    open_position(page, site_url, "sultan", 3, line.numbers[:stop])
    page.get_by_role("button", name="Show the clauses").click()
    links = page.locator(".rules-play-moves li[data-n] a.rules-play-clause")
    link = next(link for link in links.all()  # one whose clause the fragments state (not a conjecture)
                if page.locator(f'[id="{link.get_attribute("href")[1:]}"] .rules-provenance a').count())
    anchor = link.get_attribute("href")[1:]
    name = link.inner_text()
    link.click()
    page.wait_for_url(re.compile(re.escape("#" + anchor) + "$"))
    assert page.evaluate("() => document.querySelector(':target').id") == anchor
    clause = page.locator(f'[id="{anchor}"]')
    assert clause.locator(".rules-permalink").inner_text() == name
    assert clause.locator(".rules-provenance a").count() >= 1  # and on to the book's passages


def test_an_illegal_attempt_says_which_clause_forbids_it_and_where_the_book_says_so(play_page, site_url):
    page = play_page
    open_position(page, site_url, "sultan", 3)
    game = load_game("sultan")
    foundations = game.rules.piles_of("foundation")
    pile(page, foundations[0]).click()
    pile(page, foundations[1]).click()
    settle(page)
    refusal = page.locator(".rules-play-refusal")
    assert refusal.inner_text().startswith("Not allowed: ")
    assert "The clause sultan.king-foundations forbids it: a card laid on king foundation 1 stays there." \
        in refusal.inner_text()
    assert refusal.locator(".rules-play-passages a").count() >= 1  # the passages the clause formalizes
    assert "Not allowed" in status(page)
    assert "moves=" not in page.url  # nothing was played
    for link in refusal.locator("a").all():
        assert page.locator(f'[id="{link.get_attribute("href")[1:]}"]').count() == 1


def test_play_by_keyboard_announces_each_move(play_page, site_url):
    line = Line("sympathie", 11)  # two players, taking turns
    assert line.outcome.outcome == "won"
    page = play_page
    page.goto(site_url + page_of("sympathie"))
    skip = page.locator(".rules-play-skip")
    page.keyboard.press("Tab")
    for _ in range(3):  # the theme's skip link comes first, then Play's
        if page.evaluate("() => document.activeElement.className") == "rules-play-skip":
            break
        page.keyboard.press("Tab")
    assert skip.evaluate("s => s === document.activeElement")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.className") == "rules-play-button"
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.dataset.pile") == "0"  # the board has the focus
    page.wait_for_selector(".rules-play[data-ready]", timeout=LOADING)
    deal = page.get_by_label("Deal", exact=True)
    deal.focus()
    page.keyboard.press("Control+a")
    page.keyboard.type("11")
    page.keyboard.press("Enter")
    settle(page)
    assert "Deal 11, move 0" in page.locator(".rules-play-turn").inner_text()
    assert "To move: the first player" in page.locator(".rules-play-turn").inner_text()
    first = line.moves[0]  # a packet turned up: its pile, then Enter
    pile(page, first.src).focus()
    page.keyboard.press("Enter")
    settle(page)
    assert status(page).startswith(f"Move 1: {line.game.describe(first)}, allowed by ")
    assert page.locator(".rules-play-status").get_attribute("aria-live") == "polite"
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"  # the focus is visible
    for index, number in enumerate(line.numbers[1:12], 2):  # then from the list of legal moves
        page.locator(f'.rules-play-moves li[data-n="{number}"] button').focus()
        page.keyboard.press("Enter")
        settle(page)
        assert status(page).startswith(f"Move {index}: {line.game.describe(line.moves[index - 1])}")


@pytest.mark.parametrize("query, message", [
    ("play=sultanx", "The link asks for the game “sultanx”, which this page does not play"),
    ("play=__proto__", "The link asks for the game “__proto__”, which this page does not play"),
    ("play=constructor", "The link asks for the game “constructor”, which this page does not play"),
    ("play=toString", "The link asks for the game “toString”, which this page does not play"),
    ("play=sultan&deal=-4", "The link's deal “-4” is not a deal number (0 to 999999999)."),
    ("play=sultan&deal=12345678901", "is not a deal number"),
])
def test_a_link_to_no_deal_says_why(browser, site_url, query, message):
    context = browser.new_context()
    page = context.new_page()
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(f"{site_url}docs/games/sultan.html?{query}")
    page.wait_for_function("() => document.querySelector('.rules-play-status').textContent.includes('link')")
    assert message in status(page)
    assert page.locator(".rules-play-panel").count() == 0
    assert not [url for url in fetched if "pyodide" in url or "play-worker" in url]  # no engine for no game
    assert page.locator(".rules-replay .rules-pile").count() > 0  # the replay still works
    context.close()


@pytest.mark.parametrize("bad, played, message", [
    ("999", 1, "move 2 of the list (999) cannot be played: there is no move 999 here"),
    ("x", 2, "The link's move 3 (“x”) is not a move number; played up to move 2."),
])
def test_a_bad_move_list_is_played_up_to_its_last_legal_move(play_page, site_url, bad, played, message):
    page = play_page
    good = Line("sultan", 3).numbers[:played]
    page.goto(f"{site_url}docs/games/sultan.html?play=sultan&deal=3&moves={'.'.join(map(str, good))}.{bad}.1")
    page.wait_for_selector(".rules-play[data-ready]", timeout=LOADING)
    settle(page)
    assert message in status(page)
    assert f"Deal 3, move {played}" in page.locator(".rules-play-turn").inner_text()


def test_the_command_line_is_the_position_in_a_terminal(play_page, site_url):
    line = Line("napoleon", 2)
    page = play_page
    open_position(page, site_url, "napoleon", 2, line.numbers[:3])
    typed = "\\n".join(map(str, line.numbers[:3]))
    assert page.locator(".rules-play-command-line").input_value() == f"printf '{typed}\\nq\\n' | patience play napoleon 2"


def test_a_variant_is_played_from_its_games_page(play_page, site_url):
    page = play_page
    deal_in_page(page, site_url, "napoleon", 5)
    deal_in_page(page, site_url, "napoleon:twelve", 5)
    assert page.locator(".rules-play-game").input_value() == "napoleon:twelve"
    game = load_game("napoleon:twelve")
    state = game.deal(5)
    shown = page.locator(".rules-play-move[data-n]").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert shown == [describe(game, state, move) for move in in_order(game, state) if move.src != 0]


ENGINE = """async ([game, positions]) => {
    const worker = new Worker('../../_static/play-worker.js', {type: 'module'});
    let next = 0;
    const call = (op, ...args) => new Promise((resolve, reject) => {
        const id = ++next;
        const answer = (event) => { if (event.data.id !== id) return; worker.removeEventListener('message', answer);
                                   event.data.error ? reject(new Error(event.data.error.message)) : resolve(event.data.value); };
        worker.addEventListener('message', answer);
        worker.postMessage({id, op, args});
    });
    await call('start', false, game);
    const found = [];
    for (const [deal, numbers] of positions) {
        const opened = await call('open', game, deal, numbers, true);
        found.push([opened.problem, opened.view.moves.map(m => m.text)]);
    }
    worker.terminate();
    return found;
}"""


def test_the_engine_in_the_worker_gives_cpythons_moves_in_every_game(play_page, site_url):
    """Sampled positions of every game and variant, the pack's card turned up: the
    engine's player's line on deals 1 and 2, stopped after 0, 7 and 40 moves and at its end."""
    from patience.session import Session

    page = play_page
    open_position(page, site_url, "sultan", 0)
    for game_id in PLAYABLE:
        game = load_game(game_id)
        asked, expected = [], []
        for deal in (1, 2):
            line = Line(game_id, deal)
            for stop in sorted({0, 7, 40, len(line.numbers)}):
                asked.append([deal, line.numbers[:stop]])
                session = Session(game, deal)
                session.replay(line.numbers[:stop])
                session.turn()
                expected.append([None, [move["text"] for move in session.view()["moves"]]])
        assert page.evaluate(ENGINE, [game_id, asked]) == expected, game_id


@pytest.mark.parametrize("size, scheme", [({"width": 1400, "height": 900}, "light"), ({"width": 390, "height": 844}, "light"),
                                           ({"width": 1400, "height": 900}, "dark")],
                         ids=["desktop", "phone", "desktop-dark"])
def test_the_play_panel_has_no_accessibility_violation(browser, site_url, size, scheme):
    """At desktop and phone sizes, and in the dark colour scheme (the theme follows the
    system's), which changes every colour of the controls and the board's labels."""
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(viewport=size, color_scheme=scheme)
    page = context.new_page()
    line = Line("sultan", 3)
    open_position(page, site_url, "sultan", 3, line.numbers[:2])
    pile(page, line.moves[2].src).click()  # a pile chosen
    results = Axe().run(page, context=".rules-play")
    found = [(v["id"], node["target"]) for v in results.response["violations"] for node in v["nodes"]]
    page.get_by_role("button", name="Show the clauses").click()
    results = Axe().run(page, context=".rules-play")
    found += [(v["id"], node["target"]) for v in results.response["violations"] for node in v["nodes"]]
    small = page.evaluate("""() => [...document.querySelectorAll('.rules-play button, .rules-play input, .rules-play select')]
        .filter((e) => e.offsetParent !== null).map((e) => [e.className || e.tagName, e.getBoundingClientRect()])
        .filter(([, box]) => box.width < 24 || box.height < 24).map(([name]) => name)""")
    covered = page.evaluate("""() => [...document.querySelectorAll('.rules-play-bar button, .rules-play-bar input')]
        .filter((e) => { e.scrollIntoView({block: 'center'}); const box = e.getBoundingClientRect();
                         const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
                         return !hit || !(hit === e || e.contains(hit) || hit.closest('label') === e.closest('label')); })
        .map((e) => e.className)""")
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    context.close()
    assert (background != "rgb(255, 255, 255)") == (scheme == "dark"), background  # the scheme asked for
    assert found == []
    assert small == []  # every target at least 24 CSS px each way
    assert covered == []  # nothing of the theme (its header, its "back to top") over the controls
