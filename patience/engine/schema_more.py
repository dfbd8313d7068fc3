"""Clause kinds for the games of issue 8: a deal sorted by colour, the exchange between
foundations, paired moves, turning cards up, and two players.

They are part of the spec schema (:mod:`patience.engine.schema` lists them among the
clause kinds) and are played by :mod:`patience.engine.actions` and
:mod:`patience.engine.colours`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from patience.engine.schema import NAME, Provenance

Name = Annotated[str, Field(pattern=NAME)]


class DealByColour(Provenance):
    """The Empress's rows (рядъ красныхъ, рядъ черныхъ): every card of the pack goes to
    the first free place of its colour among ``to``; once the places of a colour are
    full, its cards go to the ``overflow`` area of that colour (the talon), until every
    place is full."""

    kind: Literal["deal_by_colour"]
    to: list[Name] = Field(min_length=1)
    overflow: list[Name] = []


class Exchange(Provenance):
    """One card at a time may pass from an ascending foundation to a descending one of
    the same suit and back (La Nivernaise's «обмѣнивать заразъ одну карту»)."""

    kind: Literal["exchange"]
    between: list[Name] = Field(min_length=2, max_length=2)
    cards: int = Field(1, ge=1, le=1)


class Pair(Provenance):
    """Two cards played together, one from each of two groups of areas (their top
    cards); each goes to the first pile of ``to`` that takes it (a foundation) or, when
    ``to`` is a set-aside area with one pile per player, to the mover's pile."""

    kind: Literal["pair"]
    source: list[list[Name]] = Field(alias="from", min_length=2, max_length=2)
    to: list[Name] = Field(min_length=1)
    match: Literal["any", "same_card"]


class TurnUp(Provenance):
    """Turning up (переворачивать) the top card of a face-down packet: it moves to the
    packet's open place, of the same number in the ``to`` area, when that place is empty."""

    kind: Literal["turn_up"]
    source: list[Name] = Field(alias="from", min_length=1)
    to: list[Name] = Field(min_length=1)

    @model_validator(mode="after")
    def _paired(self):
        if len(self.source) != len(self.to):
            raise ValueError("'from' and 'to' must list the same number of areas")
        return self


class Players(Provenance):
    """Two players, each owning areas; a player plays on while able, then the other
    (Sympathie's «такъ играютъ оба поперемѣнно»)."""

    kind: Literal["players"]
    count: Literal[2]
    own: list[list[Name]] = Field(min_length=2, max_length=2)
    turns: Literal["play_on_while_able"]
