"""The solver's picture of a position: what the rest of the game can depend on.

Two positions with the same key have the same futures, so the search explores one
of them only. The key holds the piles and the pass, plus what the engine reads
from the history: the cards the last unlimited redeal gathered (the Zodiac may
redeal again only if fewer remain) and the partner who moved last (Sympathie's
turn). Piles of a *symmetric* area are interchangeable (the engine treats them
alike in every rule), so their contents are taken as a set: Calculation's four
talon packets in any order are one position. Cards no rule tells apart are one card
to the key (:func:`card_classes`): the two seven of spades of a two-pack game, or, in
Calculation, whose foundations take any suit, the four sevens.
"""

from __future__ import annotations

from patience.engine.game import Game
from patience.engine.state import State


def symmetric_areas(game: Game) -> list[range]:
    """The pile ranges of areas whose piles no rule tells apart (see ``docs/solver.md``)."""
    rules = game.rules
    ordered: set[str] = set()
    for flow in rules.flows:
        if flow.position != "any":  # fed by the ends of its lines or rows: piles told apart
            ordered.update([flow.source, *flow.to])
    if rules.redeal:
        ordered.update(rules.redeal.gather)  # gathered in pile order into the new stock
    if rules.deal_row:
        ordered.update(rules.deal_row.to)  # a row is dealt pile by pile
    for name, spaces in rules.spaces.items():
        if spaces.fill not in ("at_will", "compulsory"):  # filled by the engine: first empty first, from the first donor
            ordered.update([name, *spaces.source])
    if rules.players is not None or rules.pairs or rules.turn_ups or rules.by_colour:
        return []  # partners' piles and paired places are each someone's
    return [area.piles for area in rules.areas.values()
            if len(area.piles) > 1 and area.name not in ordered
            and (area.role != "foundation" or len({rules.foundation[p] for p in area.piles}) == 1)]


def card_classes(game: Game) -> bytes | None:
    """A table from card id to the card's class, for ``bytes.translate``: cards of one class
    are told apart by no rule, so positions that differ only by exchanging them have the
    same futures. None where every card is its own class.

    The pack of a card matters only to partners' own packs and to pairing a card with its
    twin; a shuffled redeal orders cards by their ids' keys (:func:`patience.engine.rng.keyed_order`),
    so copies are interchangeable only in the last pass (:meth:`Keys.key`). Suits matter
    to no rule where every foundation takes any suit and nothing is built on."""
    rules = game.rules
    if rules.players is not None or any(pair.match == "same_card" for pair in rules.pairs) or \
            any(deal.pack is not None for deal in rules.deals):
        return None
    suit_blind = not rules.builds and not rules.by_colour and all(
        rule.suit == "any" and rule.base.suit is None and rule.base.colour is None
        for rule in rules.foundation.values()) and all(area.colour is None for area in rules.areas.values())
    if rules.packs == 1 and not suit_blind:
        return None
    table = bytes((card % 13 if suit_blind else card % 52) for card in range(256))
    return table


class Keys:
    """Computes position keys for one game."""

    def __init__(self, game: Game):
        self.game = game
        self.symmetric = symmetric_areas(game)
        self.owners = _owners(game)
        self.classes = card_classes(game)
        redeal = game.rules.redeal
        # a shuffled redeal tells copies apart (by their keys) until the last one is made
        limit = redeal.limit if redeal else None
        self.classes_from = limit + 1 if redeal and redeal.shuffle and limit is not None else 1
        if redeal and redeal.shuffle and limit is None:
            self.classes = None

    def key(self, state: State, extra) -> int:
        """A 64-bit hash of the canonical position: the piles as they lie (each as bytes,
        its cards as their classes where copies cannot be told apart), those of each
        symmetric area sorted, the pass and ``extra``, the history's part. Hashing the
        piles costs less than keeping an incremental (Zobrist) hash up to date move by
        move and taking the symmetric areas' cards out of it."""
        if self.classes is not None and state.passes >= self.classes_from:
            table = self.classes
            canonical = [bytes(pile).translate(table) for pile in state.piles]
        else:
            canonical = list(map(bytes, state.piles))
        for piles in self.symmetric:
            canonical[piles.start:piles.stop] = sorted(canonical[piles.start:piles.stop])
        return hash((state.passes, extra, tuple(canonical)))


def _owners(game: Game) -> dict[int, int] | None:
    players = game.rules.players
    if players is None:
        return None
    return {pile: player for player, group in enumerate(players.own)
            for name in group for pile in game.rules.areas[name].piles}
