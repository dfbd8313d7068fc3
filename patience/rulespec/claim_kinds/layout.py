"""Checks of what lies on the table after the deal and after a row is dealt."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, NonNegativeInt, PositiveInt

from patience.rulespec.terms import CardPattern, Check, Name, RankName


class Bases(Check):
    """The foundation cards laid out in deals 0–4 are exactly these."""

    kind: Literal["bases"]
    cards: list[CardPattern] = Field(min_length=1)


class OutOfPack(Check):
    """The cards laid out before play (foundation bases and cards set aside) in deals 0–4."""

    kind: Literal["out_of_pack"]
    cards: list[CardPattern] = Field(min_length=1)


class Piles(Check):
    """How many piles the area has."""

    kind: Literal["piles"]
    area: Name
    count: PositiveInt


class Layout(Check):
    """The initial deal's pile sizes in the area (deals 0–4)."""

    kind: Literal["layout"]
    area: Name
    piles: PositiveInt
    cards_each: NonNegativeInt


class OwnPacks(Check):
    """Every card a player holds is of his own pack (deals 0–4)."""

    kind: Literal["own_packs"]


class RowAdds(Check):
    """One ``deal_row`` (in deal ``on_pass`` through the pack) adds so many cards to each
    named area, and none to any other."""

    kind: Literal["row_adds"]
    adds: dict[Name, NonNegativeInt] = Field(min_length=1)
    on_pass: PositiveInt = 1


class Arrangement(Check):
    """The thirteen-card arrangement, run on the engine's own finished foundations,
    gathers ``same_rank`` cards of one rank in every place."""

    kind: Literal["arrangement"]
    same_rank: PositiveInt


class ArrangementRoundEnds(Check):
    """Every round of the arrangement ends on this place."""

    kind: Literal["arrangement_round_ends"]
    position: PositiveInt


class ArrangementFirst(Check):
    """The arrangement deals these ranks first."""

    kind: Literal["arrangement_first"]
    ranks: list[RankName] = Field(min_length=1)


class LookedThrough(Check):
    """What the player may see of the packets of ``area`` in deal 0 with none, one and two
    places of ``spaces_in`` emptied: only the top cards with none; then every card
    (``all``), or the top card and as many beneath it as there are empty places
    (``per_space``)."""

    kind: Literal["looked_through"]
    area: Name
    spaces_in: Name
    cards: Literal["all", "per_space"]


class WonOnlyWhenAllBuilt(Check):
    """The game is won with every card not taken out on the foundations, and not while a
    card lies in any of ``areas`` (one card left in the first pile of each, in turn)."""

    kind: Literal["won_only_when_all_built"]
    areas: list[Name] = Field(min_length=1)


MODELS = (Bases, OutOfPack, Piles, Layout, OwnPacks, RowAdds, Arrangement, ArrangementRoundEnds,
          ArrangementFirst, LookedThrough, WonOnlyWhenAllBuilt)
