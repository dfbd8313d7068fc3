"""A deal in play for a reader: the moves made, undo and redo, a hint, as plain data.

This is what the page's Play runs in the browser (under Pyodide) and what the
tests run in CPython, so it needs the standard library only. A position is named
by its game, deal and the moves made, each written as its number in the list of
legal moves (1 first), exactly as ``patience play`` numbers them: the same list
typed into ``patience play GAME NUMBER`` reaches the same position.
"""

from __future__ import annotations

import json
import shlex

from patience.cards import card_code, card_name
from patience.engine import load_compiled
from patience.engine.actions import player_to_move
from patience.engine.render import hidden
from patience.engine.state import IllegalMove, Move
from patience.solver import play as player
from patience.solver import solve

HINT_POSITIONS = 300  # positions the solver may enter for a hint (about a second in the browser)


def open_session(data: str, number: int) -> Session:
    """The page's entry: deal ``number`` of a game compiled to JSON text (``Rules.to_data``)."""
    return Session(load_compiled(json.loads(data)), number)


class Session:
    """A numbered deal of ``game`` and the moves played on it (``played``: their numbers)."""

    def __init__(self, game, number: int):
        if number < 0:
            raise ValueError("the deal number must be 0 or more")
        self.game, self.number = game, number
        self.state = game.deal(number)
        self.played: list[int] = []
        self.undone: list[int] = []  # moves taken back, for redo: the next to replay is the last

    # -- playing ----------------------------------------------------------------------------
    def play(self, number: int) -> Move:
        """Play legal move ``number`` (1-based); an out-of-range number is an IllegalMove."""
        moves = self.game.legal_moves(self.state)
        if not 1 <= number <= len(moves):
            raise IllegalMove(f"there is no move {number} here (legal moves: {len(moves)})")
        move = moves[number - 1]
        self.game.apply(self.state, move)
        self.played.append(number)
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
        if not self.played:
            return False
        self.game.undo(self.state)
        self.undone.append(self.played.pop())
        return True

    def redo(self) -> bool:
        if not self.undone:
            return False
        self.play(self.undone[-1])
        return True

    def restart(self) -> None:
        while self.played:
            self.undo()

    def attempt(self, src: int, dst: int) -> dict:
        """The reader moved the top card of ``src`` onto ``dst``: played if legal, else the
        clause that forbids it and why."""
        if not 0 <= src < len(self.state.piles) or not self.state.piles[src]:
            return {"played": False, "clause": None, "reason": "there is no card to move there", "move": ""}
        wanted = Move("move", self.state.piles[src][-1], src, dst)
        moves = self.game.legal_moves(self.state)
        if wanted in moves:
            self.play(moves.index(wanted) + 1)
            return {"played": True}
        clause, reason = self.game.refusal(self.state, wanted)
        return {"played": False, "clause": clause, "reason": reason, "move": self.game.describe_attempt(self.state, wanted)}

    # -- what the page shows ----------------------------------------------------------------
    def view(self) -> dict:
        """The position: piles (a face-down pile as its number of cards), the legal moves
        with the clauses that allow each, whose turn it is, and the outcome."""
        game, state = self.game, self.state
        moves = game.legal_moves(state)
        player = player_to_move(game, state) if game.rules.players is not None and moves else None
        return {
            "game": game.id, "deal": self.number, "pass": state.passes,
            "piles": [len(cards) if hidden(game, state, p) else [card_code(c) for c in cards]
                      for p, cards in enumerate(state.piles)],
            "moves": [self._move(number, move) for number, move in enumerate(moves, 1)],
            "played": list(self.played), "redo": len(self.undone),
            "last": game.describe(state.history[-1][0]) if state.history else None,
            "player": player,
            "won": game.is_won(state), "blocked": not moves and not game.is_won(state),
            "command": self.command(),
        }

    def _move(self, number: int, move: Move) -> dict:
        data = {"n": number, "kind": move.kind, "text": self.game.describe(move),
                "src": move.src, "dst": move.dst, "reasons": self.game.reasons(self.state, move)}
        if move.card >= 0:
            data["card"] = move.card
            data["name"] = card_name(move.card)
        if move.kind == "pair":
            data.update(src2=move.src2, dst2=move.dst2, card2=move.card2)
        return data

    def command(self) -> str:
        """The command line that reaches this position in a terminal."""
        play = f"patience play {shlex.quote(self.game.id)} {self.number}"
        if not self.played:
            return play
        typed = "\\n".join(str(n) for n in self.played)
        return f"printf '{typed}\\nq\\n' | {play}"

    # -- hint --------------------------------------------------------------------------------
    def hint(self, budget: int = HINT_POSITIONS) -> dict:
        """A move to try, and where it comes from: the first move of a winning line the
        solver finds within ``budget`` positions; else the move of the solver's player,
        which looks only at face-up cards (``outcome`` says whether the solver proved the
        position lost or ran out of its budget)."""
        moves = self.game.legal_moves(self.state)
        if not moves:
            return {"n": None, "text": "No move is left.", "source": "none"}
        solution = solve(self.game, self.state, budget)
        if solution.outcome == "won":
            move = solution.line[0]
            return {"n": moves.index(move) + 1, "text": self.game.describe(move), "source": "solver",
                    "outcome": "won", "visited": solution.nodes, "length": len(solution.line)}
        chosen = player(self.game, self.state.copy(), max_moves=1).moves[:1] or moves[:1]
        return {"n": moves.index(chosen[0]) + 1, "text": self.game.describe(chosen[0]), "source": "player",
                "outcome": solution.outcome, "visited": solution.nodes}
