"""Clauses of how cards move and play goes on: flows between areas, building,
spaces, exchanges, pairs, turning up, dealing rows, redeals, two players, winning."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from patience.rulespec.terms import NAME, Name, Provenance


class Flow(Provenance):
    kind: Literal["flow"]
    source: str = Field(alias="from", pattern=NAME)
    to: list[Name] = Field(min_length=1)
    when: Literal["always", "stock_empty", "all_placed", "no_other_move"] = "always"
    position: Literal["any", "row_ends", "line_ends"] = "any"

    @model_validator(mode="after")
    def _waits_on_play(self):
        if self.when == "no_other_move" and self.source != "stock":
            raise ValueError("only the pack waits until no other move is left ('when: no_other_move' "
                             "needs 'from: stock')")
        return self

class Build(Provenance):
    kind: Literal["build"]
    area: str = Field(pattern=NAME)
    direction: Literal["up", "down", "either", "by_colour"]
    suit: Literal["same", "any", "alternate"]
    kept: bool = False
    playing_order: bool = False

class Spaces(Provenance):
    kind: Literal["spaces"]
    area: str = Field(pattern=NAME)
    fill: Literal["immediately", "at_will", "next_row", "compulsory"]
    source: list[Name] = Field([], alias="from")
    cards: int = Field(1, ge=1, le=4)
    order: Literal["any", "in_turn"] = "any"

    @model_validator(mode="after")
    def _order_of_choice(self):
        if self.order == "in_turn" and self.fill not in ("at_will", "compulsory"):
            raise ValueError("'order: in_turn' is for spaces the player fills; a space filled at once "
                             "already takes from the first source that has a card")
        if self.order == "in_turn" and len(self.source) < 2:
            raise ValueError("'order: in_turn' needs two sources or more in 'from'")
        return self

class Exchange(Provenance):
    """One card at a time may pass from an ascending foundation to a descending one of
    the same suit and back (La Nivernaise's «обмѣнивать заразъ одну карту»)."""

    kind: Literal["exchange"]
    between: list[Name] = Field(min_length=2, max_length=2)
    cards: int = Field(1, ge=1, le=1)

class Pair(Provenance):
    """Two cards played together, one from each of two groups of areas (their top
    cards); each goes to the first pile of ``to`` that takes it (a foundation) or, when
    ``to`` is a set-aside area with one pile per player, to the mover's pile. ``match``:
    any two cards, the same card of the other pack, or two cards of one rank.
    ``ahead: when_no_pair``: when no pair can be played, a card of one group may be laid
    on a single card of the other, pairing them ahead; the two stay together and are
    played later as one pair (Cadogan's English: "if there should be none, you may
    proceed to pair cards")."""

    kind: Literal["pair"]
    source: list[list[Name]] = Field(alias="from", min_length=2, max_length=2)
    to: list[Name] = Field(min_length=1)
    match: Literal["any", "same_card", "same_rank"]
    ahead: Literal["never", "when_no_pair"] = "never"

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

class DealRow(Provenance):
    kind: Literal["deal_row"]
    to: dict[str, int] = Field(min_length=1)
    when: Literal["at_will", "nothing_to_play"] = "at_will"

class LastPass(Provenance):
    kind: Literal["last_pass"]
    omit: list[str] = Field(min_length=1)

class Redeal(Provenance):
    kind: Literal["redeal"]
    redeals: Annotated[int, Field(ge=0, le=9)] | Literal["unlimited"]
    gather: list[Name] = []
    shuffle: bool = False
    when: Literal["stock_empty", "no_other_move"] = "stock_empty"

class Players(Provenance):
    """Two players, each owning areas; a player plays on while able, then the other
    (Sympathie's «такъ играютъ оба поперемѣнно»)."""

    kind: Literal["players"]
    count: Literal[2]
    own: list[list[Name]] = Field(min_length=2, max_length=2)
    turns: Literal["play_on_while_able"]

class Won(Provenance):
    kind: Literal["won"]
    when: Literal["all_on_foundations"]
