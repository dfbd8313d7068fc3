"""What the Play tests share: a game's page, a position opened from a link, the engine's
player's line on a deal (as moves and as their numbers in the player's order), and the
gestures a reader makes to play a move — a drag, taps, or the keyboard."""

from __future__ import annotations

from patience.engine.autoplay import autoplay
from patience.engine.rules import STOCK
from patience.engine.visibility import from_pack, in_order
from patience.rulespec.compile import games, load_game

PLAYABLE = [entry.id for entry in games() if entry.playable]
LOADING = 180_000  # ms: the engine starts in a second or two, but the test machine may be loaded


def page_of(game_id: str) -> str:
    return f"docs/games/{game_id.split(':')[0]}.html"


def open_position(page, site_url, game_id: str, deal: int, moves=()) -> None:
    query = f"?play={game_id}&deal={deal}" + (f"&moves={'.'.join(map(str, moves))}" if moves else "")
    page.goto(site_url + page_of(game_id) + query)
    page.wait_for_selector(".rules-play[data-ready]", timeout=LOADING)
    settle(page)


def settle(page) -> None:
    """Wait until the engine has answered every call made so far."""
    page.wait_for_function("() => { const box = document.querySelector('.rules-play');"
                           " return box.hasAttribute('data-outcome') && !box.hasAttribute('data-busy'); }",
                           timeout=LOADING)


def turn_line(page) -> str:
    return page.locator(".rules-play-turn").inner_text()


def status(page) -> str:
    return page.locator(".rules-play-status").inner_text()


def pile(page, index: int):
    return page.locator(f'.rules-play .rules-pile[data-pile="{index}"]')


class Line:
    """The engine's own player's moves on a deal, and their numbers in the player's order."""

    def __init__(self, game_id: str, deal: int):
        game = load_game(game_id)
        self.deal, self.game = deal, game
        self.outcome = autoplay(game, game.deal(deal))
        state = game.deal(deal)
        self.moves, self.numbers = self.outcome.moves, []
        for move in self.moves:
            self.numbers.append(in_order(game, state).index(move) + 1)
            game.apply(state, move)
        self.final = state

    def ends(self) -> str:
        """What the page says at the end of the line: won, blocked, or still playing."""
        return "won" if self.game.is_won(self.final) else "blocked" if self.game.is_blocked(self.final) else "playing"


def ending_line(game_id: str, deals=range(0, 400), longest: int = 400) -> Line:
    """The line, among the first deals, that ends won or blocked in the fewest moves."""
    best = None
    for deal in deals:
        line = Line(game_id, deal)
        if line.ends() != "playing" and len(line.moves) >= 3 and (best is None or len(line.moves) < len(best.moves)):
            best = line
        if best is not None and len(best.moves) <= 40:
            break
    assert best is not None and len(best.moves) <= longest, game_id
    return best


# -- gestures ------------------------------------------------------------------------------
def target_of(move) -> int:
    return move.src2 if move.kind == "pair" else move.dst


def play_by(page, how: str, game, move) -> None:
    """Make ``move`` as a reader does: ``drag`` (the mouse, drag and drop), ``tap`` (a touch
    screen: the pile, then where its card goes) or ``keys`` (the keyboard alone)."""
    if move.kind in ("deal_row", "redeal"):
        control = page.locator(f".rules-play-actions .rules-play-{move.kind}")
        _activate(page, how, control)
        return
    if move.kind == "turn_up":
        _activate(page, how, pile(page, move.src))
        return
    if how == "drag":
        drag(page, move.src, target_of(move))  # from the pack, the card is turned up on the way
    elif from_pack(move):
        _activate(page, how, pile(page, STOCK))  # the pack's card turned up, and chosen
        settle(page)
        _activate(page, how, pile(page, move.dst))
    else:
        _activate(page, how, pile(page, move.src))
        _activate(page, how, pile(page, target_of(move)))
    offered = page.locator(".rules-play-choice", has_text=game.describe(move))
    if offered.count():  # one pile's cards all in play: the card is chosen among them
        _activate(page, how, offered)


def at_rest(locator) -> None:
    """Wait until ``locator`` stands still for two frames: the wheel's scroll is dispatched, not
    finished, when playwright returns, and a loaded machine may still be scrolling when the
    card would be let go (on the pile that has since moved under the pointer)."""
    locator.evaluate("p => new Promise(done => { let last = null; const look = () => {"
                     " const box = p.getBoundingClientRect(), now = `${box.left},${box.top}`;"
                     " if (now === last) { done(); return; } last = now;"
                     " requestAnimationFrame(() => requestAnimationFrame(look)); }; look(); })")


def into_view(locator) -> None:
    """Scrolled to the middle of the window: at its top, the controls that stay there cover it."""
    locator.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'})")


def _activate(page, how: str, locator) -> None:
    into_view(locator)
    if how == "tap":
        locator.tap()
    elif how == "keys":
        locator.focus()
        page.keyboard.press("Enter")
    else:
        locator.click()


def drag(page, src: int, dst: int) -> None:
    """Press on pile ``src``, move, let go on pile ``dst``; the page is scrolled with the
    wheel on the way when the two are not in the window together."""
    into_view(pile(page, src))
    box = pile(page, src).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    for step in range(1, 4):  # a loaded machine may take a while to lift the card: go on moving, as a hand does
        page.mouse.move(box["x"] + box["width"] / 2 + 10 * step, box["y"] + box["height"] / 2 + 10 * step, steps=2)
        if page.locator(".rules-ghost").count():
            break
    assert page.locator(".rules-ghost").count(), f"pressed on pile {src} and moved 30 px: no card was lifted"
    for _ in range(40):  # until the target is in sight, not under the controls that stay at the top
        where = pile(page, dst).evaluate(  # clear of the edges, where the page scrolls under a dragged card
            "p => { const box = p.getBoundingClientRect(), x = box.left + box.width / 2, y = box.top + box.height / 2;"
            " const top = document.querySelector('.rules-play-head').getBoundingClientRect().bottom;"
            " if (y > innerHeight - 60) return 'below'; if (y < top + 60) return 'above';"
            " const hit = document.elementFromPoint(x, y);"
            " return hit && hit.closest('.rules-pile') === p ? 'ok' : 'above'; }")
        if where == "ok":
            break
        page.mouse.wheel(0, 150 if where == "below" else -150)
        at_rest(pile(page, dst))
    at_rest(pile(page, dst))
    there = pile(page, dst).bounding_box()
    page.mouse.move(there["x"] + there["width"] / 2, there["y"] + there["height"] / 2, steps=4)
    page.mouse.up()
