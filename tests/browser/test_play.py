"""Play in the page, in Chromium: the engine under Pyodide deals and plays the deals of
``patience deal`` and ``patience play``, by mouse and by keyboard, with the clauses that
allow or forbid each move; bad links are said so; nothing is fetched from another site."""

from __future__ import annotations

import json
import re

import pytest

from patience.cli import main as patience_main
from patience.engine import games, load_game
from patience.engine.autoplay import autoplay

pytestmark = pytest.mark.browser

PLAYABLE = [entry.id for entry in games() if entry.playable]
LOADING = 120_000  # ms: Pyodide starts in a few seconds, but the test machine may be loaded


@pytest.fixture(scope="module")
def tab(browser, site_url):
    """One tab for the module, so that Pyodide starts as few times as possible (each start
    takes seconds); every request that leaves the site is refused and recorded."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    tab = context.new_page()
    foreign = []

    def route(request_route):
        if request_route.request.url.startswith(site_url):
            request_route.continue_()
        else:
            foreign.append(request_route.request.url)
            request_route.abort()

    tab.route("**/*", route)
    yield tab
    context.close()
    assert foreign == [], f"requests to other sites: {foreign}"


@pytest.fixture
def play_page(tab):
    tab.set_viewport_size({"width": 1400, "height": 900})
    return tab


def deal_in_page(page, site_url, game_id: str, deal: int, numbers: list[int] = ()) -> None:
    """Deal ``deal`` of ``game_id`` with the page's own controls (starting Play on the game's
    page if it is not running there), then play ``numbers`` from the list of legal moves."""
    running = page.url.split("?")[0].split("#")[0] == site_url + page_of(game_id) and \
        page.locator(".rules-play[data-outcome]").count() == 1
    if not running:
        open_position(page, site_url, game_id, deal)
    else:
        chooser = page.locator(".rules-play-game")
        if chooser.input_value() != game_id:  # shown only where the game has variants
            chooser.select_option(game_id)
        page.locator(".rules-play-deal").fill(str(deal))
        page.get_by_role("button", name="Deal the numbered deal").click()
        page.wait_for_function(f"() => document.querySelector('.rules-play-turn').textContent.startsWith('Deal {deal},')"
                               f" && document.querySelector('.rules-play-game').value === '{game_id}'")
    for number in numbers:
        page.locator(f'.rules-play-moves li[data-n="{number}"] button').click()


def page_of(game_id: str) -> str:
    return f"docs/games/{game_id.split(':')[0]}.html"


def open_position(page, site_url, game_id: str, deal: int, moves: list[int] = ()) -> None:
    query = f"?play={game_id}&deal={deal}" + (f"&moves={'.'.join(map(str, moves))}" if moves else "")
    page.goto(site_url + page_of(game_id) + query)
    page.wait_for_selector(".rules-play[data-outcome]", timeout=LOADING)


class Line:
    """The engine's own player's moves on a deal (as moves and as their list numbers)."""

    def __init__(self, game_id: str, deal: int):
        game = load_game(game_id)
        self.deal, self.game = deal, game
        self.outcome = autoplay(game, game.deal(deal))
        state = game.deal(deal)
        self.moves, self.numbers = self.outcome.moves, []
        for move in self.moves:
            self.numbers.append(game.legal_moves(state).index(move) + 1)
            game.apply(state, move)
        self.final = state


def board_piles(page) -> list[tuple[str, int, str]]:
    return page.eval_on_selector_all(
        ".rules-play .rules-pile",
        "piles => piles.map(p => [p.dataset.name, Number(p.dataset.count), p.dataset.top])")


def status(page) -> str:
    return page.locator(".rules-play-status").inner_text()


def test_a_numbered_deal_dealt_in_the_page_is_the_deal_of_patience_deal(play_page, site_url, capsys):
    page = play_page
    page.goto(site_url + "docs/games/duchess.html")
    assert page.locator(".rules-play-panel").count() == 0  # nothing loaded before Play
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_selector(".rules-play[data-outcome]", timeout=LOADING)
    page.get_by_label("Deal", exact=True).fill("7")
    page.get_by_role("button", name="Deal the numbered deal").click()
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


def click_move(page, game, state, move) -> None:
    """Play ``move`` with the mouse: its pile, then where it goes (or the card offered)."""
    if move.kind in ("deal_row", "redeal"):
        page.locator(f".rules-play-{move.kind}").click()
        return
    page.locator(f'.rules-play .rules-pile[data-pile="{move.src}"]').click()
    if move.kind == "turn_up":
        return
    target = move.src2 if move.kind == "pair" else move.dst
    page.locator(f'.rules-play .rules-pile[data-pile="{target}"]').click()
    offered = page.locator(".rules-play-choice", has_text=game.describe(move))
    if offered.count():
        offered.click()


def key_move(page, game, move) -> None:
    """Play ``move`` from the keyboard alone: focus its pile, Enter; its target, Enter."""
    def press(locator):
        locator.focus()
        page.keyboard.press("Enter")

    if move.kind in ("deal_row", "redeal"):
        press(page.locator(f".rules-play-{move.kind}"))
        return
    press(page.locator(f'.rules-play .rules-pile[data-pile="{move.src}"]'))
    if move.kind == "turn_up":
        return
    target = move.src2 if move.kind == "pair" else move.dst
    press(page.locator(f'.rules-play .rules-pile[data-pile="{target}"]'))
    offered = page.locator(".rules-play-choice", has_text=game.describe(move))
    if offered.count():
        press(offered)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_game_is_played_to_its_end_by_mouse_and_by_keyboard(play_page, site_url, game_id):
    """The engine's player's line on deal 2, opened from a link four moves before its end;
    two moves clicked, then two played from the keyboard; the outcome is CPython's."""
    line = Line(game_id, 2)
    page = play_page
    open_position(page, site_url, game_id, 2, line.numbers[:-4])
    for index, move in enumerate(line.moves[-4:]):
        (click_move(page, line.game, None, move) if index < 2 else key_move(page, line.game, move))
        played = len(line.moves) - 4 + index + 1
        assert page.locator(".rules-play-turn").inner_text().startswith(f"Deal 2, move {played}"), \
            line.game.describe(move)
    expected = "won" if line.game.is_won(line.final) else "blocked" if line.game.is_blocked(line.final) else "playing"
    assert page.locator(".rules-play").get_attribute("data-outcome") == expected
    assert f"moves={'.'.join(map(str, line.numbers))}" in page.url


def test_the_engines_winning_line_clicked_card_by_card_wins(play_page, site_url):
    line = Line("calculation", 4)
    assert line.outcome.outcome == "won"  # it replays to a win in CPython
    page = play_page
    deal_in_page(page, site_url, "calculation", 4)
    state = line.game.deal(4)
    for index, move in enumerate(line.moves, 1):
        click_move(page, line.game, state, move)
        line.game.apply(state, move)
        assert page.locator(".rules-play-turn").inner_text().startswith(f"Deal 4, move {index}"), line.game.describe(move)
    assert page.locator(".rules-play").get_attribute("data-outcome") == "won"
    assert "Won: every card is on the foundations." in page.locator(".rules-play-turn").inner_text()
    assert "The game is won." in status(page)
    assert f"moves={'.'.join(map(str, line.numbers))}" in page.url


def test_undo_redo_and_restart(play_page, site_url):
    line = Line("sultan", 3)
    page = play_page
    deal_in_page(page, site_url, "sultan", 3, line.numbers[:4])
    after_four = board_piles(page)
    page.get_by_role("button", name="Take back the last move").click()
    assert f"moves={'.'.join(map(str, line.numbers[:3]))}" in page.url
    assert "Taken back: " + line.game.describe(line.moves[3]) in status(page)
    assert board_piles(page) != after_four
    page.get_by_role("button", name="Play again the move taken back").click()
    assert board_piles(page) == after_four
    assert page.get_by_role("button", name="Play again the move taken back").is_disabled()
    page.get_by_role("button", name="Back to the start of this deal").click()
    assert "moves=" not in page.url and page.get_by_role("button", name="Take back the last move").is_disabled()


def test_a_why_link_leads_to_the_clause_and_its_passages(play_page, site_url):
    page = play_page
    deal_in_page(page, site_url, "sultan", 3)
    first = page.locator(".rules-play-moves li").first
    link = first.locator("a.rules-play-clause").first
    anchor = link.get_attribute("href")[1:]
    name = link.inner_text()
    link.click()
    page.wait_for_url(re.compile(re.escape("#" + anchor) + "$"))
    assert page.evaluate("() => document.querySelector(':target').id") == anchor
    clause = page.locator(f'[id="{anchor}"]')
    assert clause.locator(".rules-permalink").inner_text() == name
    assert clause.locator(".rules-provenance a").count() >= 1  # and on to the book's passages


def test_an_illegal_attempt_says_which_clause_forbids_it(play_page, site_url):
    page = play_page
    deal_in_page(page, site_url, "sultan", 3)
    game = load_game("sultan")
    foundations = game.rules.piles_of("foundation")
    page.locator(f'.rules-play .rules-pile[data-pile="{foundations[0]}"]').click()
    page.locator(f'.rules-play .rules-pile[data-pile="{foundations[1]}"]').click()
    refusal = page.locator(".rules-play-refusal")
    assert refusal.inner_text().startswith("Not allowed: ")
    assert "Not allowed" in status(page)
    assert "moves=" not in page.url  # nothing was played
    for link in refusal.locator("a").all():
        assert page.locator(f'[id="{link.get_attribute("href")[1:]}"]').count() == 1


def test_play_by_keyboard_announces_each_move(play_page, site_url):
    line = Line("sympathie", 11)  # two players, taking turns
    assert line.outcome.outcome == "won"
    page = play_page
    page.goto(site_url + page_of("sympathie"))
    page.get_by_role("button", name="Play", exact=True).focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".rules-play[data-outcome]", timeout=LOADING)
    deal = page.get_by_label("Deal", exact=True)
    deal.focus()
    page.keyboard.press("Control+a")
    page.keyboard.type("11")
    page.keyboard.press("Enter")
    assert "Deal 11, move 0" in page.locator(".rules-play-turn").inner_text()
    assert "To move: the first player" in page.locator(".rules-play-turn").inner_text()
    first = line.moves[0]  # a packet turned up: its pile, then Enter
    pile = page.locator(f'.rules-play .rules-pile[data-pile="{first.src}"]')
    pile.focus()
    page.keyboard.press("Enter")
    assert status(page).startswith(f"Move 1: {line.game.describe(first)}, allowed by ")
    assert page.locator(".rules-play-status").get_attribute("aria-live") == "polite"
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"  # the focus is visible
    for index, number in enumerate(line.numbers[1:12], 2):  # then from the list of legal moves
        button = page.locator(f'.rules-play-moves li[data-n="{number}"] button')
        button.focus()
        page.keyboard.press("Enter")
        assert status(page).startswith(f"Move {index}: {line.game.describe(line.moves[index - 1])}")


@pytest.mark.parametrize("query, message", [
    ("play=sultanx", "The link asks for the game “sultanx”, which this page does not play"),
    ("play=sultan&deal=-4", "The link's deal “-4” is not a deal number (0 to 999999999)."),
    ("play=sultan&deal=12345678901", "is not a deal number"),
])
def test_a_link_to_no_deal_says_why(play_page, site_url, query, message):
    page = play_page
    page.goto(f"{site_url}docs/games/sultan.html?{query}")
    page.wait_for_function("() => document.querySelector('.rules-play-status').textContent.includes('link')")
    assert message in status(page)
    assert page.locator(".rules-play-panel").count() == 0
    assert page.locator(".rules-replay .rules-pile").count() > 0  # the replay still works


@pytest.mark.parametrize("bad, played, message", [
    ("999", 1, "move 2 of the list (999) cannot be played: there is no move 999 here"),
    ("x", 2, "The link's move 3 (“x”) is not a move number; played up to move 2."),
])
def test_a_bad_move_list_is_played_up_to_its_last_legal_move(play_page, site_url, bad, played, message):
    page = play_page
    good = Line("sultan", 3).numbers[:played]
    page.goto(f"{site_url}docs/games/sultan.html?play=sultan&deal=3&moves={'.'.join(map(str, good))}.{bad}.1")
    page.wait_for_selector(".rules-play[data-outcome]", timeout=LOADING)
    assert message in status(page)
    assert f"Deal 3, move {played}" in page.locator(".rules-play-turn").inner_text()


def test_the_command_line_is_the_position_in_a_terminal(play_page, site_url):
    line = Line("napoleon", 2)
    page = play_page
    deal_in_page(page, site_url, "napoleon", 2, line.numbers[:3])
    typed = "\\n".join(map(str, line.numbers[:3]))
    assert page.locator(".rules-play-command-line").input_value() == f"printf '{typed}\\nq\\n' | patience play napoleon 2"


def test_a_variant_is_played_from_its_games_page(play_page, site_url):
    page = play_page
    deal_in_page(page, site_url, "napoleon:twelve", 5)
    assert page.locator(".rules-play-game").input_value() == "napoleon:twelve"
    game = load_game("napoleon:twelve")
    texts = page.locator(".rules-play-moves li button").all_inner_texts()
    assert texts == [game.describe(move) for move in game.legal_moves(game.deal(5))]


def test_the_in_browser_engine_gives_cpythons_legal_moves_in_every_game(play_page, site_url):
    """Sampled positions of every game and variant: the engine's player's line on deals 1
    and 2, stopped after 0, 7 and 40 moves and at its end."""
    page = play_page
    deal_in_page(page, site_url, "sultan", 0)
    for game_id in PLAYABLE:
        game = load_game(game_id)
        for deal in (1, 2):
            line = Line(game_id, deal)
            for stop in sorted({0, 7, 40, len(line.numbers)}):
                numbers = line.numbers[:stop]
                state = game.deal(deal)
                for move in line.moves[:stop]:
                    game.apply(state, move)
                expected = [game.describe(move) for move in game.legal_moves(state)]
                shown = page.evaluate(
                    """async ([game, deal, numbers]) => {
                        const player = document.querySelector('.rules-play').player;
                        const version = player.runtime.manifest.games[game];
                        const data = await (await fetch('../../_static/play/games/' + game.replace(':', '-')
                                                         + '.json?v=' + version)).text();
                        const session = player.runtime.session.open_session(data, deal);
                        const problem = session.replay(numbers);
                        const view = session.view().toJs({dict_converter: Object.fromEntries});
                        session.destroy();
                        return [problem === undefined ? null : problem, view.moves.map(m => m.text)];
                    }""", [game_id, deal, numbers])
                assert shown == [None, expected], (game_id, deal, stop)


@pytest.mark.parametrize("width, height", [(1400, 900), (390, 844)])
def test_board_and_controls_fit_on_the_screen(play_page, site_url, width, height):
    page = play_page
    page.set_viewport_size({"width": width, "height": height})
    deal_in_page(page, site_url, "zodiac", 1)  # the tallest board
    bar, board, view = page.evaluate("""() => {
        document.querySelector('.rules-play-panel').scrollIntoView({block: 'start', behavior: 'instant'});
        const box = selector => document.querySelector(selector).getBoundingClientRect().toJSON();
        return [box('.rules-play-bar'), box('.rules-play-board .rules-table'), [innerWidth, innerHeight]];
    }""")
    assert bar["top"] >= 0 and board["left"] >= 0 and board["right"] <= view[0]
    assert board["bottom"] <= view[1], (bar, board)


def test_the_play_panel_has_no_accessibility_violation(play_page, site_url):
    from axe_playwright_python.sync_playwright import Axe

    page = play_page
    line = Line("sultan", 3)
    deal_in_page(page, site_url, "sultan", 3, line.numbers[:2])
    page.locator(f'.rules-play .rules-pile[data-pile="{line.moves[2].src}"]').click()  # a pile chosen
    results = Axe().run(page, context=".rules-play")
    assert [(v["id"], node["target"]) for v in results.response["violations"] for node in v["nodes"]] == []


def test_when_the_runtime_cannot_load_the_page_says_so_and_the_replay_still_works(page, site_url):
    page.route("**/_static/pyodide/**", lambda request_route: request_route.abort())
    page.goto(site_url + "docs/games/calculation.html")
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function("() => document.querySelector('.rules-play-status').textContent.startsWith('Play cannot')")
    assert "The rules and the example replay above work without it." in status(page)
    assert page.get_by_role("button", name="Play", exact=True).is_enabled()  # it may be tried again
    replay = page.locator(".rules-replay")
    replay.get_by_role("button", name=re.compile("Play the next move")).click()
    assert replay.locator(".rules-position").inner_text().startswith("Move 1 of ")
