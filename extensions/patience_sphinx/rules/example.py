"""``rules-example GAME NUMBER``: a numbered deal played by the look-ahead player, replayable step by step.

The deal is played while the page is read, in-process, within
``rules_time_limit`` seconds, by the player that never reads a face-down card
(:func:`patience.player.play`), as ``patience autoplay GAME NUMBER --look-ahead``
plays it (:mod:`patience.views.replay`); the record is cached on the spec's
digest and the engine's version. The page shows the layout as cards, the moves in
the book's terms, the outcome, the command, and a replay (``js/replay.js``: buttons and
arrow keys). A failure is a ``rules.example`` warning and an error box on the page.
"""

from __future__ import annotations

import json
import re
from typing import NotRequired, TypedDict

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from patience.player import play as look_ahead
from patience.views import plate
from patience.views.replay import Record, TimeLimit, record

from .._html import make, text
from .._logging import warn_rules as warn
from .cache import cached
from .specs import load

DEAL_NUMBER = re.compile(r"[0-9]{1,20}")  # ASCII digits: "²".isdigit() is true, int("²") fails

CONTROLS = (("first", "« Start", "The position before the first move (Home)"),
            ("previous", "‹ Back", "Take back one move (←)"), ("next", "Next ›", "Play the next move (→)"),
            ("last", "End »", "The final position (End)"))


class Replay(Record):
    """What the replay's script reads (``rules/js/protocol.js`` declares the same shape;
    ``tests/rules/test_protocol.py`` compares them): the record, and the board it is drawn on."""

    board: plate.Board


class Unplayable(TypedDict):
    """Why a deal could not be recorded; ``transient`` when only the time limit stopped it."""

    error: str
    transient: NotRequired[bool]


class ExampleDirective(SphinxDirective):
    required_arguments = 2
    option_spec: dict = {}

    def run(self):
        game_id, number = self.arguments[0], self.arguments[1]
        if not DEAL_NUMBER.fullmatch(number):
            warn("argument", f"the deal number must be 0 or more, not {number!r}", self.get_location())
            return [failure(f"No example: {number!r} is not a deal number.")]
        loaded = load(self, game_id)
        if loaded is None:
            return [failure(f"No example: the rules of {game_id} could not be read.")]
        seconds = self.config.rules_time_limit
        replay = cached(self.env, "example", loaded.digest, lambda: play(loaded.game, int(number), seconds),
                        game_id, number)
        if "error" in replay:
            warn("example", f"example {game_id} {number} failed: {replay['error']}", self.get_location())
            return [failure(f"The example (deal {number} of {game_id}) could not be played: {replay['error']}")]
        return [example(replay, loaded.game, plate.board(loaded.game))]


def play(game, number: int, seconds: float) -> Record | Unplayable:
    """The record, or the reason it could not be made (an engine error is a finding, not a crash)."""
    if not game.spec.playable:
        return {"error": f"{game.id} is not playable (its spec says playable: false)"}
    try:
        return record(game, number, seconds, player=look_ahead, option=" --look-ahead")
    except TimeLimit as error:
        return {"error": str(error), "transient": True}
    except (ValueError, KeyError, IndexError) as error:  # IllegalMove is a ValueError
        return {"error": f"{type(error).__name__}: {error}"}


def failure(message: str) -> nodes.Node:
    return nodes.error("", nodes.paragraph("", message), classes=["rules-example-error"])


def example(replay: Record, game, board: plate.Board) -> nodes.Node:
    ident = f"example-{replay['game'].replace(':', '-')}-{replay['deal']}"
    moves = len(replay["steps"])
    box = make("div", classes=["rules-example"], ids=[ident])
    box += nodes.paragraph("", "", nodes.strong("", f"Deal {replay['deal']} of {game.spec.title}"),
                           nodes.Text(f", played by the look-ahead player, which sees only the face-up cards: {replay['outcome_text']}, "
                                      f"after {moves} move{'s' if moves != 1 else ''}. Reproduce it with:"))
    box += nodes.literal_block(replay["command"], replay["command"], classes=["rules-command"], language="text")
    box += player(replay, ident, board)
    box += move_list(replay, ident)
    box += legend(game)
    return box


def move_list(replay: Record, ident: str) -> nodes.Node:
    """The moves, each a link to its position in the replay (``#example-sultan-1-m3``)."""
    listing = make("nav", classes=["rules-moves"], aria_label=f"The {len(replay['steps'])} moves")
    listing += text("p", f"The {len(replay['steps'])} moves", classes=["rules-moves-title"])
    steps = nodes.enumerated_list()
    for number, step in enumerate(replay["steps"], 1):
        anchor = f"{ident}-m{number}"
        steps += nodes.list_item("", make("a", nodes.Text(step["move"]), href=f"#{anchor}", data_step=str(number)),
                                 ids=[anchor])
    listing += steps
    return listing


def legend(game) -> nodes.Node:
    """The pile names of the notation, with the book's words for them."""
    line = nodes.paragraph("", "Piles are named as in the book: ", classes=["rules-legend"])
    for index, area in enumerate(game.rules.areas.values()):
        line += nodes.Text(", " if index else "")
        line += nodes.emphasis("", area.name)
        line += nodes.Text(" — ")
        line += text("span", area.label_ru, classes=["language-ru-petr1708"])
    line += nodes.Text(".")
    return line


def player(replay: Record, ident: str, board: plate.Board) -> nodes.Node:
    """The layout at the start, pile by pile; ``replay.js`` draws it as cards on the board
    (the plate's places) and turns it into a step-through replay."""
    widget = make("div", classes=["rules-replay"], role="group", aria_label=f"Replay of {replay['command']}")
    controls = make("div", classes=["rules-replay-controls"], hidden="hidden")
    for action, symbol, label in CONTROLS:
        controls += text("button", symbol, type="button", classes=[f"rules-{action}"], aria_label=label, title=label)
    controls += text("span", f"Start: move 0 of {len(replay['steps'])}", classes=["rules-position"],
                     aria_live="polite")
    widget += controls
    widget += make("div", classes=["rules-board-cards"], hidden="hidden")
    table = make("table", classes=["rules-board"])
    body = make("tbody")
    for index, (name, label, cards) in enumerate(zip(replay["piles"], replay["labels"], replay["start"])):
        row = make("tr", data_pile=str(index))
        row += make("th", nodes.Text(name), scope="row", title=label)
        row += make("td", *cards_of(cards))
        body += row
    table += body
    widget += table
    shown: Replay = {**replay, "board": board}
    data = script_json(shown)
    widget += nodes.raw("", f'<script type="application/json" class="rules-replay-data">{data}</script>',
                        format="html")
    return widget


def cards_of(cards) -> list[nodes.Node]:
    if isinstance(cards, int):
        return [text("span", f"{cards} face down", classes=["rules-back"])] if cards else [text("span", "—")]
    if not cards:
        return [text("span", "—", classes=["rules-empty"])]
    return [text("span", name, classes=["rules-card"] + (["rules-red"] if name[-1] in "♦♥" else []))
            for name in cards]


def script_json(value) -> str:
    """JSON that cannot end or reopen its ``<script>`` element: every ``<``, ``>`` and ``&`` of a
    string is a \\u escape (``<!--<script>`` would otherwise swallow the rest of the page)."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
