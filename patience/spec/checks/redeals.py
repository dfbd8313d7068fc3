"""Checks of going through the pack again."""

from __future__ import annotations

from typing import Literal

from pydantic import PositiveInt

from patience.spec.terms import Check, Name


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


MODELS = (Passes, RedealShuffled, RedealNeedsProgress, RedealKeepsOrder)
