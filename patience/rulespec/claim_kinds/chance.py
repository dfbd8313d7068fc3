"""Checks of the text's statements about chance, against the stored statistics
(``patience/stats/table.json``, see ``docs/statistics.md``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, PositiveInt

from patience.rulespec.terms import Check, Name, RankName

GameId = Annotated[str, Field(pattern=r"^[a-z][a-z_]*(:[a-z0-9][a-z0-9_-]*)?$")]


class RarerThan(Check):
    """This game or variant comes out less often than the game ``than``: the 95% Wilson
    intervals of the two win rates (the player's, or the solver's with the unknown deals
    counted against the claim) do not overlap."""

    kind: Literal["rarer_than"]
    than: GameId
    measure: Literal["player", "solver"] = "player"


class RarerWithoutSpace(Check):
    """Deals in whose play no free space opened before the first row was dealt come out
    less often, in the player's games, than the others: the intervals do not overlap."""

    kind: Literal["rarer_without_space"]


class NeverWonWhenCovered(Check):
    """No stored deal is won (by the solver) in whose layout, in at least ``packets``
    piles of ``area``, a card of rank ``covering`` lies above a lower card of its own
    suit, one suit for all."""

    kind: Literal["never_won_when_covered"]
    area: Name
    packets: PositiveInt
    covering: RankName


MODELS = (RarerThan, RarerWithoutSpace, NeverWonWhenCovered)
