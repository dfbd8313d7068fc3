"""Play as a card table, in Chromium: a deal of every game played to its end by drag and
drop, by tap on a touch screen and by the keyboard alone; a card sent home by two clicks
or by F; the arrow keys reaching every pile; every board's cards at least 28 CSS px wide
and every pile reachable at a phone's size and a desktop's; the pack's next card unseen
until turned up; safe moves played on request; animation, and none when motion is
reduced; a game surviving a reload."""

from __future__ import annotations

import pytest

from patience.cards import card_code
from patience.engine.rules import STOCK
from patience.rulespec.compile import load_game
from patience.session import Session
from tests.browser.playing import (
    LOADING,
    PLAYABLE,
    Line,
    ending_line,
    into_view,
    open_position,
    page_of,
    pile,
    play_by,
    settle,
    status,
    turn_line,
)

pytestmark = pytest.mark.browser

TAIL = 8  # moves played by hand at the end of each line, in each of the three ways
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 900}


@pytest.fixture(scope="module")
def desktop(browser):
    context = browser.new_context(viewport=DESKTOP)
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def phone(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def lines():
    made = {}

    def line(game_id: str) -> Line:
        if game_id not in made:
            made[game_id] = ending_line(game_id)
        return made[game_id]
    return line


HOWS = ("drag", "tap", "keys")
#: Every game and variant played to its end by each of the three ways.
ENDINGS = [(game_id, how) for game_id in PLAYABLE for how in HOWS]


@pytest.mark.parametrize(("game_id", "how"), ENDINGS)
def test_a_deal_is_played_to_its_end(request, site_url, lines, game_id, how):
    """The engine's player's line on the deal (of the first few hundred) that ends soonest,
    opened from a link TAIL moves before its end, then played by hand, move by move; the
    page ends where CPython does, won or blocked, and its URL holds the whole line."""
    page = request.getfixturevalue("phone" if how == "tap" else "desktop")
    line = lines(game_id)
    start = max(0, len(line.moves) - TAIL)
    open_position(page, site_url, game_id, line.deal, line.numbers[:start])
    state = line.game.deal(line.deal)
    for move in line.moves[:start]:
        line.game.apply(state, move)
    for index, move in enumerate(line.moves[start:], start + 1):
        play_by(page, how, line.game, move)
        settle(page)
        assert turn_line(page).startswith(f"Deal {line.deal}, move {index}"), (index, line.game.describe(move),
                                                                              status(page))
        line.game.apply(state, move)
    assert page.locator(".rules-play").get_attribute("data-outcome") == line.ends()
    assert f"moves={'.'.join(map(str, line.numbers))}" in page.url
    said = {"won": "The game is won.", "blocked": "No legal move is left: the game is lost."}[line.ends()]
    assert said in status(page)


def first_home_move(game_id: str, deal: int):
    """The first move of the line on ``deal`` that sends a face-up card to a foundation."""
    line = Line(game_id, deal)
    game = line.game
    for index, move in enumerate(line.moves):
        if move.kind == "move" and move.src != STOCK and game.rules.role(move.dst) == "foundation":
            return line, index
    raise AssertionError(f"no move to a foundation in {game_id} {deal}")


@pytest.mark.parametrize("how", ["dblclick", "double tap", "F"])
def test_two_clicks_two_taps_or_f_send_a_card_to_a_foundation(request, site_url, how):
    page = request.getfixturevalue("phone" if how == "double tap" else "desktop")
    line, index = first_home_move("sultan", 3)
    open_position(page, site_url, "sultan", 3, line.numbers[:index])
    move = line.moves[index]
    target = pile(page, move.src)
    into_view(target)
    if how == "dblclick":
        target.dblclick()
    elif how == "double tap":
        box = target.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.touchscreen.tap(x, y)
        page.touchscreen.tap(x, y)
    else:
        target.focus()
        page.keyboard.press("f")
    settle(page)
    assert turn_line(page).startswith(f"Deal 3, move {index + 1}")
    assert page.locator(".rules-play-last").inner_text().startswith(f"Move {index + 1}: {line.game.describe(move)}")


@pytest.mark.parametrize("game_id", [g for g in PLAYABLE if ":" not in g])
def test_the_arrow_keys_reach_every_pile_from_the_first(desktop, site_url, game_id):
    page = desktop
    page.goto(site_url + page_of(game_id))
    page.locator(".rules-play-button").click()
    focused = page.evaluate("() => document.activeElement.dataset.pile")
    assert focused == "0"  # Play puts the focus on the board
    page.keyboard.press("ArrowRight")  # a real key press moves it
    assert page.evaluate("() => document.activeElement.dataset.pile") != "0" or \
        len(load_game(game_id).rules.pile_area) == 1
    reached = page.evaluate("""() => {
        const piles = [...document.querySelectorAll('.rules-play .rules-pile')];
        const seen = new Set([0]), queue = [0];
        while (queue.length) {
            const at = queue.shift();
            for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
                piles[at].focus();
                piles[at].dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
                const to = Number(document.activeElement.dataset.pile);
                if (!seen.has(to)) { seen.add(to); queue.push(to); }
            }
        }
        return [seen.size, piles.length, piles.filter(p => p.tabIndex === 0).length];
    }""")
    assert reached[0] == reached[1] and reached[2] == 1, reached  # every pile, and one tab stop


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390x844", "1400x900"])
@pytest.mark.parametrize("game_id", [g for g in PLAYABLE if ":" not in g])
def test_every_card_is_28_px_or_wider_and_every_pile_can_be_reached(browser, site_url, game_id, size):
    """The board drawn at once (the engine is kept out: it is not needed to draw): each
    pile scrolled to is in the window and not covered; labels are 11 px or more; on a
    desktop the board is as wide as its panel, or has cards of 56 px."""
    context = browser.new_context(viewport=size)
    page = context.new_page()
    page.route("**/_static/pyodide/**", lambda route: route.abort())
    page.goto(site_url + page_of(game_id))
    page.locator(".rules-play-button").click()
    page.wait_for_selector(".rules-play[data-shown]")
    found = page.evaluate("""() => {
        const piles = [...document.querySelectorAll('.rules-play .rules-pile')];
        const problems = [];
        let narrowest = Infinity;
        for (const pile of piles) {
            pile.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
            const box = pile.getBoundingClientRect();
            narrowest = Math.min(narrowest, box.width);
            const inside = box.left >= 0 && box.right <= innerWidth && box.top >= 0 && box.bottom <= innerHeight;
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            if (!inside || !hit || hit.closest('.rules-pile') !== pile) { problems.push(pile.dataset.name); }
        }
        const labels = [...document.querySelectorAll('.rules-play .rules-area-label')]
            .map(l => parseFloat(getComputedStyle(l).fontSize));
        const table = document.querySelector('.rules-play .rules-table').getBoundingClientRect();
        const panel = document.querySelector('.rules-play-board').getBoundingClientRect();
        const card = piles[0].getBoundingClientRect().width;
        return {narrowest, problems, smallest: Math.min(...labels), table: table.width, panel: panel.width, card};
    }""")
    context.close()
    assert found["narrowest"] >= 28 - 0.01, found
    assert found["problems"] == [], found
    assert found["smallest"] >= 11, found
    if size is DESKTOP:
        assert found["table"] >= found["panel"] - 1 or found["card"] >= 56 - 0.01, found


def test_the_packs_next_card_is_named_nowhere_until_it_is_turned_up(desktop, site_url):
    page = desktop
    game = load_game("zodiac")
    open_position(page, site_url, "zodiac", 4)
    session = Session(game, 4)
    top = session.state.piles[STOCK][-1]
    code = card_code(top)
    box = page.locator(".rules-play")
    shown = box.evaluate("b => { const copy = b.cloneNode(true); copy.querySelector('.rules-play-data').remove();"
                         " return copy.outerHTML; }")  # the page's data: the default deal, 1, as it is shown
    assert code not in shown and pile(page, STOCK).get_attribute("data-top") == ""
    assert all(not text.startswith("stock") for text in
               page.locator(".rules-play-move").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))"))
    pile(page, STOCK).click()
    settle(page)
    assert pile(page, STOCK).get_attribute("data-top") == code
    assert status(page).startswith("Turned up: ")
    session.turn()
    offered = [move["text"] for move in session.view()["moves"]]
    shown = page.locator(".rules-play-move[data-n]").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert shown == offered


def safe_position(game_id: str):
    """A line, and a move of it after which the solver's rule finds a safe move in sight."""
    game = load_game(game_id)
    for deal in range(60):
        line = Line(game_id, deal)
        session = Session(game, deal)
        for index, number in enumerate(line.numbers):
            session.play(number)
            if session.safe() is not None:
                return line, index
    raise AssertionError(f"no safe move in {game_id}")


def test_safe_moves_are_played_for_the_reader_when_asked_and_the_choice_is_kept(desktop, site_url):
    line, at = safe_position("zodiac")  # the Besieged City's rules allow safe moves too, but its deals seldom have one
    game = line.game
    page = desktop
    open_position(page, site_url, "zodiac", line.deal, line.numbers[:at])
    safe = page.locator(".rules-play-safe")
    if safe.is_checked():
        safe.uncheck()
    safe.check()
    play_by(page, "drag", game, line.moves[at])
    page.wait_for_function("() => document.querySelector('.rules-play-status').textContent"
                           ".startsWith('Played for you (a safe move)')", timeout=LOADING)
    settle(page)
    session = Session(game, line.deal)
    session.replay(line.numbers[:at + 1])
    while (number := session.safe()) is not None:
        session.play(number)
    assert page.url.endswith("moves=" + ".".join(map(str, session.played)))
    page.reload()
    page.wait_for_selector(".rules-play[data-ready]", timeout=LOADING)
    assert page.locator(".rules-play-safe").is_checked()  # remembered
    page.locator(".rules-play-safe").uncheck()
    open_position(page, site_url, "sultan", 1)
    assert page.locator(".rules-play-safe").is_disabled()
    assert "never in this game: the talon takes only cards that fit nowhere else" in \
        page.locator(".rules-play-safe-why").inner_text()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_move_is_animated_unless_motion_is_reduced(browser, site_url, motion):
    context = browser.new_context(viewport=DESKTOP, reduced_motion=motion)
    page = context.new_page()
    line, index = first_home_move("sultan", 3)
    open_position(page, site_url, "sultan", 3, line.numbers[:index])
    page.evaluate("""() => { window.animated = 0; const was = Element.prototype.animate;
                            Element.prototype.animate = function (...args) { window.animated++; return was.apply(this, args); }; }""")
    pile(page, line.moves[index].src).dblclick()
    settle(page)
    animated = page.evaluate("() => window.animated")
    context.close()
    assert (animated > 0) == (motion == "no-preference"), animated


def test_a_game_in_progress_survives_a_reload_and_a_later_visit(browser, site_url):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    line = Line("napoleon", 2)
    open_position(page, site_url, "napoleon", 2, line.numbers[:3])
    play_by(page, "drag", line.game, line.moves[3])
    settle(page)
    page.reload()
    page.wait_for_selector(".rules-play[data-ready]", timeout=LOADING)
    settle(page)
    assert turn_line(page).startswith("Deal 2, move 4")
    page.goto(site_url + page_of("napoleon"))  # no position in the address: local storage has it
    page.locator(".rules-play-button").click()
    assert turn_line(page).startswith("Deal 2, move 4")  # drawn at once, from what was kept
    page.wait_for_selector(".rules-play[data-ready]", timeout=LOADING)
    settle(page)
    assert "Your last game here: deal 2 at move 4" in status(page)
    assert f"moves={'.'.join(map(str, line.numbers[:4]))}" in page.url
    context.close()
