"""A numbered deal played by the engine's player, recorded so a page can replay it.

The record is plain data (JSON-ready): the piles at the start, then for each move
its notation and the piles it changed (the divan refilled at once, a row dealt,
the pack gathered on a redeal …). A pile face down at that point is given as its
number of cards only.
It is what ``patience autoplay GAME NUMBER`` plays, move for move, so the page
can print that command beside it.

Play is stopped after ``seconds`` (a :class:`TimeLimit`), so a build that runs
examples cannot hang on a slow or looping spec.
"""

from __future__ import annotations

import time
from typing import TypedDict

from patience.cards import card_name
from patience.engine.autoplay import autoplay
from patience.engine.game import Game
from patience.engine.state import Move, State
from patience.engine.visibility import hidden

OUTCOMES = {
    "won": "won: every card is on the foundations",
    "blocked": "lost: no legal move is left",
    "no new position": "lost: every legal move leads back to a position already seen",
    "move limit": "stopped at the move limit",
}


class Step(TypedDict):
    """A move of the record: its notation, and the piles it changed (by pile number, as text)."""

    move: str
    set: dict[str, list[str] | int]


class Record(TypedDict):
    """A deal played and recorded: the piles' names (and the book's words for their areas), the
    piles at the start (a face-down pile as its number of cards), each move, the outcome."""

    game: str
    deal: int
    command: str
    outcome: str
    outcome_text: str
    piles: list[str]
    labels: list[str]
    start: list[list[str] | int]
    steps: list[Step]


class TimeLimit(RuntimeError):
    """Play took longer than the time allowed."""


class Timed(Game):
    """The game, but asking for legal moves after the deadline raises :class:`TimeLimit`.
    It is a copy sharing the game's tables, so that a player reads them as cheaply as the
    game's own (a proxy would route every read through ``__getattr__``)."""

    def __init__(self, game: Game, seconds: float):  # the game's tables, not made anew
        self.__dict__.update(game.__dict__)
        self._deadline, self._seconds = time.monotonic() + seconds, seconds

    def legal_moves(self, state: State) -> list[Move]:
        if time.monotonic() > self._deadline:
            raise TimeLimit(f"{self.id}: play took longer than {self._seconds:g} s")
        return super().legal_moves(state)


def command(game: Game, number: int) -> str:
    return f"patience autoplay {game.id} {number}"


def _piles(game: Game, state: State) -> list[list[str] | int]:
    """Each pile's cards, bottom first; a face-down pile is only its number of cards."""
    return [len(cards) if hidden(game, state, p) else [card_name(c) for c in cards]
            for p, cards in enumerate(state.piles)]


def record(game: Game, number: int, seconds: float | None = None, player=autoplay, option: str = "") -> Record:
    """Deal ``number``, play it with ``player`` (the engine's own by default; any
    ``player(game, state)`` returning a playout), and record every step; ``option``
    is what ``patience autoplay`` needs to choose the same player."""
    state = game.deal(number)
    start = _piles(game, state)
    playout = player(Timed(game, seconds) if seconds else game, state)
    replay = game.deal(number)
    steps: list[Step] = []
    before = start
    for move in playout.moves:
        text = game.describe(move)
        game.apply(replay, move)
        after = _piles(game, replay)
        steps.append({"move": text, "set": {str(p): cards for p, cards in enumerate(after) if cards != before[p]}})
        before = after
    return {
        "game": game.id, "deal": number, "command": command(game, number) + option,
        "outcome": playout.outcome, "outcome_text": OUTCOMES[playout.outcome],
        "piles": [game.rules.pile_name(p) for p in range(len(state.piles))],
        "labels": [game.rules.areas[name].label_ru for name in game.rules.pile_area],
        "start": start, "steps": steps,
    }
