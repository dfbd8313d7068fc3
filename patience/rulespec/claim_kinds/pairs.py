"""Checks of paired moves and of the two players."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from patience.rulespec.terms import Check, Name, RankName


class FirstPairs(Check):
    """Every pair legal at the start of deals 0–5 is of these ranks and colours."""

    kind: Literal["first_pairs"]
    ranks: list[RankName] = Field(min_length=2, max_length=2)
    colours: list[Literal["red", "black"]] = Field(min_length=2, max_length=2)


class PairsSameRank(Check):
    """Every legal pair joins two cards of one rank."""

    kind: Literal["pairs_same_rank"]


class PairsSameCard(Check):
    """Every pair joins a card of one player with the same card of the other."""

    kind: Literal["pairs_same_card"]


class PairsOnly(Check):
    """Cards reach the foundations only in pairs, one from each area."""

    kind: Literal["pairs_only"]
    areas: list[Name] = Field(min_length=2, max_length=2)


class PairMayWait(Check):
    """Whenever a pair is legal and the pack has cards, the pack may be turned instead."""

    kind: Literal["pair_may_wait"]


class PairsAheadWhenNone(Check):
    """A card is laid on its partner ahead only when no pair can be played, along random
    playouts; and such moves are offered."""

    kind: Literal["pairs_ahead_when_none"]


class LaidPairsStayTogether(Check):
    """Two cards paired ahead are never parted: along random playouts, no move takes one
    card of a pair laid ahead without the other, and such pairs are played."""

    kind: Literal["laid_pairs_stay_together"]


class PairFreesNext(Check):
    """After a pair the mover keeps the turn and may turn up the next card of his packet."""

    kind: Literal["pair_frees_next"]


class TurnsAlternate(Check):
    """Only the player to move has moves, and the turn passes only from a player with
    nothing left to do."""

    kind: Literal["turns_alternate"]


class FirstTurnsUp(Check):
    """When the second player first comes to move, every packet of the first (``area``)
    shows its top card."""

    kind: Literal["first_turns_up"]
    area: Name


MODELS = (FirstPairs, PairsSameRank, PairsSameCard, PairsOnly, PairMayWait, PairsAheadWhenNone,
          LaidPairsStayTogether, PairFreesNext, TurnsAlternate, FirstTurnsUp)
