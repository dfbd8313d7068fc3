"""What each pile takes next and where each card lies: the index behind move generation.

Listing the legal moves by offering every available card to every pile costs
cards × piles tests. The index turns this round: it keeps, for every pile, the
cards it may take next — a foundation the next rank of its sequence (in its suit,
if it follows suit), a packet under marriage (марьяжъ) the ranks one above and one
below its top card in the suits the build allows — and, for every card, the pile it
lies in. Moves to such a pile are then found by looking up where its few wanted
cards lie. Piles that take any card (a talon, an empty place filled at will) are
*open*, and are offered the available cards of their sources.

What the index lists is only a superset: every candidate move is still decided
by :meth:`Game.accepts`, the rule itself. After a move only the piles it touched
are indexed again.
"""

from __future__ import annotations

from patience.cards import RED_SUITS, rank_of, suit_of
from patience.engine.rules import Build, FoundationRule

OPEN = None  # the wants of a pile that may take any card
ALL_SUITS = (0, 1, 2, 3)
COLOUR_SUITS = {"red": tuple(sorted(RED_SUITS)), "black": (0, 3)}


class Taker:
    """How one pile takes cards, fixed by the rules: a foundation, a talon (open),
    or a place built on by marriage and, when empty, filled at will (open) or not."""

    __slots__ = ("foundation", "build", "always_open", "open_when_empty")

    def __init__(self, foundation: FoundationRule | None = None, build: Build | None = None,
                 always_open: bool = False, open_when_empty: bool = False):
        self.foundation, self.build = foundation, build
        self.always_open, self.open_when_empty = always_open, open_when_empty

    def wants(self, cards: list[int]) -> tuple[int, ...] | None:
        """The cards (as ``suit * 13 + rank - 1``, in every pack) this pile may take next."""
        if self.foundation is not None:
            return _foundation_wants(self.foundation, cards)
        if self.always_open or (self.open_when_empty and not cards):
            return OPEN
        if not cards or self.build is None:
            return ()
        return _build_wants(self.build, cards[-1])


def _foundation_wants(rule: FoundationRule, cards: list[int]) -> tuple[int, ...]:
    if len(cards) >= len(rule.sequence):
        return ()
    rank = rule.sequence[len(cards)]
    if cards:
        suits = (suit_of(cards[0]),) if rule.suit == "follow" else ALL_SUITS
    elif rule.placed != "as_they_appear":
        return ()
    elif rule.base.suit is not None:
        suits = ALL_SUITS  # the base's own suit among them; Game.accepts keeps only it
    else:
        suits = COLOUR_SUITS.get(rule.base.colour, ALL_SUITS)
    return tuple(suit * 13 + rank - 1 for suit in suits)


def _build_wants(build: Build, top: int) -> tuple[int, ...]:
    rank, suit = rank_of(top), suit_of(top)
    ranks = {rank - 1, rank + 1}
    if build.playing_order:
        ranks.add(14 - rank)  # queen on two, knave on three
    if build.suit == "same":
        suits = (suit,)
    elif build.suit == "alternate":
        suits = COLOUR_SUITS["black" if suit in RED_SUITS else "red"]
    else:
        suits = ALL_SUITS
    return tuple(s * 13 + r - 1 for r in sorted(ranks) if 1 <= r <= 13 for s in suits)


class MoveIndex:
    """The index of one state: ``where`` (card → pile), ``wants`` (pile → wanted cards or
    OPEN), the legal moves once listed (``moves``, dropped by every change) and the cards
    each redeal of the history gathered (``gathered``, oldest first)."""

    __slots__ = ("game", "where", "wants", "moves", "gathered")

    def __init__(self, game, state):
        self.game = game
        self.where = [0] * game.total_cards
        for pile, cards in enumerate(state.piles):
            for card in cards:
                self.where[card] = pile
        self.wants = [taker.wants(cards) for taker, cards in zip(game.takers, state.piles)]
        self.moves = None
        self.gathered = [_gathered(ops) for move, ops in state.history if move.kind == "redeal"]

    def update(self, state, move, ops: list, undone: bool) -> None:
        """Index again what ``move``'s journal ``ops`` changed (``undone``: it was just reversed)."""
        if move.kind == "redeal":
            if undone:
                self.gathered.pop()
            else:
                self.gathered.append(_gathered(ops))
        where, touched = self.where, set()
        for op in (reversed(ops) if undone else ops):
            if op[0] == "mv":
                _, src, _, dst, card = op
                where[card] = src if undone else dst
                touched.add(src)
                touched.add(dst)
            elif op[0] == "set":
                for card in state.piles[op[1]]:
                    where[card] = op[1]
                touched.add(op[1])
        takers, piles, wants = self.game.takers, state.piles, self.wants
        for pile in touched:
            wants[pile] = takers[pile].wants(piles[pile])
        self.moves = None


def _gathered(ops: list) -> int:
    """How many cards a redeal gathered (its journal holds the piles it emptied)."""
    return sum(len(op[2]) for op in ops if op[0] == "set" and op[1] != 0)
