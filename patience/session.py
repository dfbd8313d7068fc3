"""A deal in play for a reader: the moves made, undo and redo, a hint, as plain data.

This is what the page's Play runs in the browser (under Pyodide, in a Web Worker), what
``patience play`` runs in a terminal, and what the tests run in CPython, so it needs the
standard library only. Everything it shows goes through :mod:`patience.engine.visibility`:
a face-down card is never named, and the pack's next card is turned up (:meth:`Session.turn`)
before its moves are offered.

A position is named by its game, deal and the moves made, each written as its number in
the player's order of the legal moves (1 first, :func:`~patience.engine.visibility.in_order`),
exactly as ``patience play`` numbers them: the same list typed into ``patience play GAME
NUMBER`` reaches the same position.

What the session hands the page is plain data of the shapes declared here (:data:`View`,
:data:`OfferedMove`, :data:`Played`, :data:`Refusal`, :data:`Hint`); the page's JavaScript
declares the same shapes by the same names (``rules/js/protocol.js`` of the Sphinx
extensions), and ``tests/rules/test_protocol.py`` holds the two to the same keys.
"""

# No ``from __future__ import annotations``: the shapes below are TypedDicts, whose keys that
# may be missing (NotRequired) Python reads right only from annotations it evaluates.
import json
import shlex
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from patience.cards import card_code, card_name
from patience.engine import load_compiled, visibility
from patience.engine.actions import player_to_move
from patience.engine.rules import STOCK
from patience.engine.state import IllegalMove, Move
from patience.player import choose
from patience.solver import solve

if TYPE_CHECKING:
    from patience.engine.game import Game
    from patience.solver.safe import SafeMoves

HINT_POSITIONS = 2000  # positions the solver may enter for a hint (about a second in the browser)
SMALL = 13  # at most this many cards off the foundations, and the solver may give the hint

class OfferedMove(TypedDict):
    """A move offered (one of a view's ``moves``), numbered in the player's order: ``card`` and
    ``name`` where its card is in sight; ``src2``, ``dst2`` and ``card2`` for a pair."""

    n: int
    kind: str
    text: str
    src: int
    dst: int
    reasons: list[str]
    card: NotRequired[int]
    name: NotRequired[str]
    src2: NotRequired[int]
    dst2: NotRequired[int]
    card2: NotRequired[int]


#: The position as the player sees it (:meth:`Session.view`): a face-down pile is its number
#: of cards; ``next`` is the pack's card once turned up; ``player`` whose turn it is in a game
#: of two. (Declared by a call: one of its keys is ``pass``.)
View = TypedDict("View", {
    "game": str, "deal": int, "pass": int, "piles": list[list[str] | int], "next": str | None, "turn": bool,
    "moves": list[OfferedMove], "played": list[int], "redo": int, "last": str | None, "player": int | None,
    "won": bool, "blocked": bool, "command": str,
})


class Played(TypedDict):
    """An attempt the rules allow: it was played."""

    played: Literal[True]


class Refusal(TypedDict):
    """An attempt the rules refuse: the clause that forbids it (None: no card to move), why, the move."""

    played: Literal[False]
    clause: str | None
    reason: str
    move: str


Attempt = Played | Refusal


class Hint(TypedDict):
    """A move to try and who chose it (``source``: ``solver``, ``player``, or ``none`` when no
    move is left); ``n`` None and ``turn`` to turn the pack's card up; what the solver found
    (``outcome``, ``visited``, ``length``), when it was asked; ``repeats`` when every move leads
    back to a position played."""

    n: int | None
    text: str
    source: str
    turn: NotRequired[bool]
    outcome: NotRequired[str | None]
    visited: NotRequired[int]
    length: NotRequired[int]
    repeats: NotRequired[bool]


def open_session(data: str, number: int) -> "Session":
    """The page's entry: deal ``number`` of a game compiled to JSON text (``Rules.to_data``)."""
    return Session(load_compiled(json.loads(data)), number)


class Session:
    """A numbered deal of ``game`` and the moves played on it (``played``: their numbers)."""

    def __init__(self, game: "Game", number: int):
        if number < 0:
            raise ValueError("the deal number must be 0 or more")
        self.game, self.number = game, number
        self.state = game.deal(number)
        self.played: list[int] = []
        self.undone: list[int] = []  # moves taken back, for redo: the next to replay is the last
        self.seen = [self.state.snapshot()]  # the positions played through, for the player's hint
        self._turned: tuple[int, int] | None = None  # the pack (its size, its pass) when its card was turned
        self._safe: SafeMoves | None = None

    # -- the pack's next card ---------------------------------------------------------------
    @property
    def turned(self) -> bool:
        """Whether the pack's next card lies turned up (seen, not yet placed)."""
        stock = self.state.piles[STOCK]
        return bool(stock) and self._turned == (len(stock), self.state.passes)

    def turn(self) -> bool:
        """Turn up the pack's next card, so that its moves are offered; False if there is
        none to turn (no card, already turned, or nowhere it could go)."""
        if not visibility.may_turn(self.game, self.state, self.turned):
            return False
        self._turned = (len(self.state.piles[STOCK]), self.state.passes)
        return True

    # -- playing ----------------------------------------------------------------------------
    def play(self, number: int) -> Move:
        """Play legal move ``number`` (1-based, in the player's order); an out-of-range
        number is an IllegalMove."""
        moves = visibility.in_order(self.game, self.state)
        if not 1 <= number <= len(moves):
            raise IllegalMove(f"there is no move {number} here (legal moves: {len(moves)})")
        move = moves[number - 1]
        self.game.apply(self.state, move)
        self.played.append(number)
        self.seen.append(self.state.snapshot())
        self.undone = [] if self.undone[-1:] != [number] else self.undone[:-1]
        return move

    def replay(self, numbers: list[int]) -> str | None:
        """Play ``numbers`` from the start of the deal; stop at the first that is not legal
        and say where (None when all were played)."""
        self.restart()
        for index, number in enumerate(numbers, 1):
            try:
                self.play(number)
            except IllegalMove as error:
                return f"move {index} of the list ({number}) cannot be played: {error}; played up to move {index - 1}"
        return None

    def undo(self) -> bool:
        """Take back the last move; a card it took from the pack lies turned up on it again."""
        if not self.played:
            return False
        move = self.game.undo(self.state)
        self.undone.append(self.played.pop())
        self.seen.pop()
        if visibility.from_pack(move):
            self._turned = (len(self.state.piles[STOCK]), self.state.passes)
        return True

    def redo(self) -> bool:
        if not self.undone:
            return False
        self.play(self.undone[-1])
        return True

    def restart(self) -> None:
        while self.played:
            self.undo()
        self._turned = None

    def attempt(self, src: int, dst: int) -> Attempt:
        """The reader moved the top card of ``src`` onto ``dst``: played if legal, else the
        clause that forbids it and why. A card taken from the pack is turned up on the way."""
        game, state = self.game, self.state
        if not 0 <= src < len(state.piles) or not 0 <= dst < len(state.piles) or not state.piles[src]:
            return {"played": False, "clause": None, "reason": "there is no card to move there", "move": ""}
        if src == STOCK:
            self.turn()
        wanted = Move("move", state.piles[src][-1], src, dst)
        moves = visibility.in_order(game, state)
        if wanted in moves:
            self.play(moves.index(wanted) + 1)
            return {"played": True}
        clause, reason = self._refusal(wanted)
        return {"played": False, "clause": clause, "reason": reason,
                "move": visibility.describe(game, state, wanted, self.turned)}

    def _refusal(self, move: Move) -> tuple[str | None, str]:
        """Why ``move`` is refused, without naming a card that lies face down."""
        game, state = self.game, self.state
        for pile, verb in ((move.src, "taken from"), (move.dst, "put on")):
            if not visibility.in_sight(game, state, pile, self.turned) and state.piles[pile]:
                area = game.rules.areas[game.rules.pile_area[pile]]
                until = " until the stock is exhausted" if visibility.face_down(game, pile) == "while_stock" else ""
                clause = area.clause or game.refusal(state, move)[0]
                return clause, f"{game.rules.pile_name(pile)} lies face down{until}: no card is {verb} it so"
        return game.refusal(state, move)

    # -- what the player sees ---------------------------------------------------------------
    def view(self) -> View:
        """The position as the player sees it: piles (a face-down pile as its number of
        cards; ``next``, the pack's card once turned up), the moves offered with the clauses
        that allow each, whether the pack's card may be turned, whose turn it is, the outcome."""
        game, state, turned = self.game, self.state, self.turned
        legal = game.legal_moves(state)
        player = player_to_move(game, state) if game.rules.players is not None and legal else None
        return {
            "game": game.id, "deal": self.number, "pass": state.passes,
            "piles": [len(cards) if visibility.hidden(game, state, p) else [card_code(c) for c in cards]
                      for p, cards in enumerate(state.piles)],
            "next": card_code(state.piles[STOCK][-1]) if turned else None,
            "turn": visibility.may_turn(game, state, turned),
            "moves": [self._move(number, move) for number, move in
                      enumerate(visibility.offered(game, state, turned), 1)],
            "played": list(self.played), "redo": len(self.undone),
            "last": game.describe(state.history[-1][0]) if state.history else None,  # face up now
            "player": player,
            "won": game.is_won(state), "blocked": not legal and not game.is_won(state),
            "command": self.command(),
        }

    def _move(self, number: int, move: Move) -> OfferedMove:
        game, state = self.game, self.state
        data: OfferedMove = {"n": number, "kind": move.kind,
                             "text": visibility.describe(game, state, move, self.turned),
                             "src": move.src, "dst": move.dst, "reasons": game.reasons(state, move)}
        if move.card >= 0 and visibility.in_sight(game, state, move.src, self.turned):
            data.update({"card": move.card, "name": card_name(move.card)})
        if move.kind == "pair":
            data.update({"src2": move.src2, "dst2": move.dst2, "card2": move.card2})
        return data

    def command(self) -> str:
        """The command line that reaches this position in a terminal."""
        play = f"patience play {shlex.quote(self.game.id)} {self.number}"
        if not self.played:
            return play
        typed = "\\n".join(str(n) for n in self.played)
        return f"printf '{typed}\\nq\\n' | {play}"

    # -- hint --------------------------------------------------------------------------------
    def hint(self, budget: int = HINT_POSITIONS) -> Hint:
        """A move to try, and who chose it (``source``). In a small position (:func:`small`)
        the solver, which knows every card, looks for a win within ``budget`` positions and
        gives its first move; otherwise, or if it finds none, the move of the solver's
        player, which sees only what the reader sees (:func:`patience.player.choose`): a move
        of a card in sight, or the pack's next card turned up when no such move leads
        anywhere new. ``outcome`` says what the solver found, when it was asked."""
        game, state, turned = self.game, self.state, self.turned
        if not game.legal_moves(state):
            return {"n": None, "text": "No move is left.", "source": "none"}
        found: Hint = {"n": None, "text": "", "source": "player", "outcome": None, "visited": 0}
        if small(game, state):
            solution = solve(game, state.copy(), budget)
            found.update({"outcome": solution.outcome, "visited": solution.nodes})
            if solution.outcome == "won":
                found.update({"source": "solver", "length": len(solution.line)})
                return self._suggest(solution.line[0], found)
        offered = visibility.offered(game, state, turned)
        chosen = choose(game, state, set(self.seen), offered) if offered else None
        if chosen is None and not visibility.may_turn(game, state, turned):
            chosen = offered[0]  # every move leads back to a position played: the first, said so
            found["repeats"] = True
        return self._suggest(chosen, found)

    def _suggest(self, move: Move | None, hint: Hint) -> Hint:
        """``hint`` with its move (None: turn the pack's card up), as the reader sees it."""
        if move is None or (visibility.from_pack(move) and not self.turned):
            hint.update({"n": None, "turn": True, "text": visibility.TURN_UP_NEXT})
        else:
            number = visibility.in_order(self.game, self.state).index(move) + 1
            hint.update({"n": number, "text": visibility.describe(self.game, self.state, move, self.turned)})
        return hint

    # -- safe moves ----------------------------------------------------------------------------
    def safe(self) -> int | None:
        """The number of a move to a foundation the solver's sound rule takes as safe (it
        never spoils a won game: :class:`patience.solver.safe.SafeMoves`), among the moves
        offered; None when there is none, or the game has no safe moves."""
        move = self.safe_rule().find(self.state, visibility.offered(self.game, self.state, self.turned))
        return None if move is None else visibility.in_order(self.game, self.state).index(move) + 1

    def safe_rule(self):
        """The game's :class:`~patience.solver.safe.SafeMoves`, made on first use (it studies the rules)."""
        if self._safe is None:
            from patience.solver.position import symmetric_areas
            from patience.solver.safe import SafeMoves

            self._safe = SafeMoves(self.game, symmetric_areas(self.game))
        return self._safe

    def autoplay_unsafe(self) -> list[str]:
        """Why no move of this game is ever safe (empty: safe moves may be played for the reader)."""
        from patience.solver.safe import unsafe_reasons

        return unsafe_reasons(self.game)


def small(game: "Game", state) -> bool:
    """Whether the solver may give the hint: no card is left face down (it knows nothing
    the reader does not), or at most ``SMALL`` cards are off the foundations."""
    out = sum(len(cards) for pile, cards in enumerate(state.piles) if pile not in game.rules.foundation)
    return out <= SMALL or not any(state.piles[p] for p in range(len(state.piles))
                                   if visibility.hidden(game, state, p))
