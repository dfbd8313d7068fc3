"""Safe moves: a card played to its foundation at once, where that can never hurt.

A move of card *c* to foundation *f* is *safe* when every winning line from the
position before it can be turned into a winning line from the position after it
(the argument is in ``docs/solver.md``). The search then makes the safe move and
tries nothing else there. Safety is checked on the rules as compiled: a game
where the legality of one move depends on whether another is possible (a talon
that takes only unplayable cards, a row dealt only when nothing goes up, a redeal
only when nothing else moves, exchanges between foundations, partners' turns)
gets no safe moves at all, nor does one whose spaces must be filled before anything
else is done.
"""

from __future__ import annotations

from collections import Counter

from patience.cards import rank_of, suit_of
from patience.engine.game import Game
from patience.engine.state import Move, State


def unsafe_reasons(game: Game) -> list[str]:
    """Why no move of this game is ever taken as safe (empty: the rule applies)."""
    rules, reasons = game.rules, []
    if rules.players is not None or rules.pairs or rules.turn_ups:
        reasons.append("paired moves, turning up or partners' turns")
    if any(rules.areas[f.source].role == "foundation" for f in rules.flows):
        reasons.append("cards go back from the foundations")
    if any(a.role == "talon" and a.takes == "unplayable" for a in rules.areas.values()):
        reasons.append("the talon takes only cards that fit nowhere else")
    if rules.deal_row and rules.deal_row.when == "nothing_to_play":
        reasons.append("a row is dealt only when no card goes to a foundation")
    if rules.redeal and rules.redeal.when == "no_other_move" and rules.redeal.redeals != 0:
        reasons.append("the redeal waits until no other move is left")
    if any(spaces.fill == "compulsory" for spaces in rules.spaces.values()):
        reasons.append("a space must be filled before anything else is done")
    volatile = _volatile(game)
    if any(f.source != "stock" and set(f.to) & volatile for f in rules.flows):
        reasons.append("a card in play can enter a pile that is gathered or filled at once")
    return reasons


def _volatile(game: Game) -> set[str]:
    """Areas whose cards the rules move by themselves: gathered on a redeal, or a
    source or target of spaces filled at once."""
    rules = game.rules
    names: set[str] = set(rules.redeal.gather) if rules.redeal and rules.redeal.redeals != 0 else set()
    for name, spaces in rules.spaces.items():
        if spaces.fill == "immediately":
            names.update([name, *spaces.source])
    return names


class SafeMoves:
    """Finds a safe move among the legal moves of a position, if the game has any."""

    def __init__(self, game: Game, symmetric: list[range]):
        self.game = game
        self.enabled = not unsafe_reasons(game)
        rules = game.rules
        volatile = _volatile(game)
        self.eligible = [rules.pile_area[p] not in volatile and rules.role(p) not in ("foundation", "stock")
                         for p in range(len(rules.pile_area))]
        grouped = {p for piles in symmetric for p in piles}
        self.may_empty = [p in grouped or not _receives_when_empty(game, p) for p in range(len(rules.pile_area))]
        self.foundations = list(rules.foundation)
        self.partners = _partners(game)

    def find(self, state: State, moves: list[Move]) -> Move | None:
        if not self.enabled:
            return None
        for move in moves:
            if move.kind == "move" and move.dst in self.game.rules.foundation and self.is_safe(state, move):
                return move
        return None

    def is_safe(self, state: State, move: Move) -> bool:
        piles, card = state.piles, move.card
        if not self.eligible[move.src] or (len(piles[move.src]) == 1 and not self.may_empty[move.src]):
            return False
        rule = self.game.rules.foundation[move.dst]
        if rule.distinct_suits and not piles[move.dst]:
            return False
        return self._only_target(state, move) and not self._builds_on(state, card)

    def _only_target(self, state: State, move: Move) -> bool:
        """No other foundation could ever take the card."""
        for pile in self.foundations:
            if pile == move.dst:
                continue
            rule, cards = self.game.rules.foundation[pile], state.piles[pile]
            if rank_of(move.card) not in rule.sequence[len(cards):]:
                continue
            if cards and rule.suit != "any" and suit_of(cards[0]) != suit_of(move.card):
                continue
            return False
        return True

    def _builds_on(self, state: State, card: int) -> bool:
        """Whether some card still outside the foundations might ever be built on ``card``."""
        partners = self.partners.get((rank_of(card), suit_of(card)))
        if not partners:
            return False
        up = Counter((rank_of(c), suit_of(c)) for p in self.foundations for c in state.piles[p])
        return any(up[partner] < self.game.rules.packs for partner in partners)


def _receives_when_empty(game: Game, pile: int) -> bool:
    area = game.rules.areas[game.rules.pile_area[pile]]
    spaces = game.rules.spaces.get(area.name)
    return area.role == "talon" or (spaces is not None and spaces.fill == "at_will")


def _partners(game: Game) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """For each (rank, suit), the (rank, suit)s any build rule might ever lay on it.
    Direction and ``kept`` only forbid more, so they are ignored: the test is wider
    than the rules, never narrower."""
    builds = list(game.rules.builds.values())
    table: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for rank in range(1, 14):
        for suit in range(4):
            table[(rank, suit)] = [(r, s) for r in range(1, 14) for s in range(4)
                                   if any(_may_build(b, (r, s), (rank, suit)) for b in builds)]
    return table


def _may_build(build, card: tuple[int, int], top: tuple[int, int]) -> bool:
    (rank, suit), (top_rank, top_suit) = card, top
    if build.suit == "same" and suit != top_suit:
        return False
    if build.suit == "alternate" and (suit in (1, 2)) == (top_suit in (1, 2)):
        return False
    return abs(rank - top_rank) == 1 or (build.playing_order and rank + top_rank == 14)
