"""Checks of going through the pack again."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, PositiveInt

from patience.rulespec.terms import Check, Name


class Passes(Check):
    """The greatest number of deals through the pack the engine allows (autoplayed deals)."""

    kind: Literal["passes"]
    total: PositiveInt


class RedealShuffled(Check):
    """The redeal gathers the cards and shuffles them."""

    kind: Literal["redeal_shuffled"]


class RedealNeedsProgress(Check):
    """A pass that places nothing leaves no redeal; a pass that places a card leaves one."""

    kind: Literal["redeal_needs_progress"]


class RedealKeepsOrder(Check):
    """At each redeal the first pile of the area is laid out again with the ``cards``
    that lay at the bottom of the first pile before: taken up from the left, in order."""

    kind: Literal["redeal_keeps_order"]
    area: Name
    cards: PositiveInt


class RedealGathers(Check):
    """At each redeal along random playouts the new pack holds exactly the cards of
    ``areas`` (and what was left of the pack), those of the last area at the bottom
    (the Duchess's «кладутъ отставныхъ подъ низъ»), and every other pile keeps its
    cards. Cards laid out at once from the new pack count as its own."""

    kind: Literal["redeal_gathers"]
    areas: list[Name] = Field(min_length=1)


class RedealWhenBlocked(Check):
    """A redeal is offered only when nothing else can be played."""

    kind: Literal["redeal_when_blocked"]


MODELS = (Passes, RedealShuffled, RedealNeedsProgress, RedealKeepsOrder, RedealGathers, RedealWhenBlocked)
