"""Checks of what the foundations take: sequences, suits, counts, capacity, and the
marriages built on hand-made packets."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, PositiveInt, model_validator

from patience.rulespec.terms import Check, Name, RankName


class FoundationsEnd(Check):
    """The number of foundation piles, and the last card each accepts when offered cards
    one by one."""

    kind: Literal["foundations_end"]
    piles: PositiveInt
    rank: RankName
    area: Name | None = Field(None, description="a foundation area; all foundations if left out")


class Capacity(Check):
    """The foundations take exactly the cards not set aside."""

    kind: Literal["capacity"]


class FoundationPiles(Check):
    """How many foundation piles there are and how many cards they take together."""

    kind: Literal["foundation_piles"]
    piles: PositiveInt
    capacity: PositiveInt


class FoundationSequence(Check):
    """The ranks a foundation accepts, in order (``ranks``), or the ranks that come
    ``next`` ``after`` one."""

    kind: Literal["foundation_sequence"]
    area: Name
    pile: PositiveInt = Field(description="counted from 1")
    ranks: list[RankName] | None = None
    after: RankName | None = None
    next: list[RankName] | None = None

    @model_validator(mode="after")
    def _one_way(self):
        if (self.ranks is None) == (self.after is None or self.next is None):
            raise ValueError("give 'ranks', or 'after' and 'next'")
        return self


class RankOnlyLast(Check):
    """The rank only ever ends a foundation."""

    kind: Literal["rank_only_last"]
    rank: RankName


class FoundationSuit(Check):
    """On every foundation of the areas, the card after the base must follow the base's
    suit (``follows: true``) or may be of any suit (``follows: false``); with
    ``distinct``, no two foundations of one area begin in one suit."""

    kind: Literal["foundation_suit"]
    area: Name | list[Name]
    follows: bool | None = None
    distinct: bool = False

    @model_validator(mode="after")
    def _something_asked(self):
        if self.follows is None and not self.distinct:
            raise ValueError("give 'follows: true' or 'follows: false', or 'distinct: true'")
        return self


class Marriage(Check):
    """On a hand-built 8♥ the engine takes 7♥ (down), 9♥ (up) or both (either), never 7♣."""

    kind: Literal["marriage"]
    area: Name
    direction: Literal["up", "down", "either"]


class MarriageKept(Check):
    """On 7♥–8♥ (built up) the engine takes 9♥, not 7♥; on 9♥–8♥ the reverse. With
    ``kept: false`` a packet may turn, and takes both."""

    kind: Literal["marriage_kept"]
    area: Name
    kept: bool = True


class PlayingOrder(Check):
    """On a hand-built ♥ card (the second of each pair) the engine takes the first card
    of the pair in ♥, and refuses it in ♣."""

    kind: Literal["playing_order"]
    area: Name
    pairs: list[tuple[RankName, RankName]] = Field(min_length=1)


class ExchangeBothWays(Check):
    """With A♥…5♥ rising and K♥…6♥ falling, 5♥ and 6♥ may change sides, and back."""

    kind: Literal["exchange_both_ways"]
    rising: Name
    falling: Name


class ExchangeOneWay(Check):
    """With A♥…5♥ rising and K♥…6♥ falling, 5♥ may pass from the rising foundation onto
    the falling one (whether 6♥ may come back is not asked)."""

    kind: Literal["exchange_one_way"]
    rising: Name
    falling: Name


MODELS = (FoundationsEnd, Capacity, FoundationPiles, FoundationSequence, RankOnlyLast,
          FoundationSuit, Marriage, MarriageKept, PlayingOrder, ExchangeBothWays,
          ExchangeOneWay)
