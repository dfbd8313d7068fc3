"""Clauses of what lies on the table: the packs, the cards taken out, the areas and
foundations, how the pack is dealt (by count, by colour, or in the Calculation's
arrangement)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from patience.rulespec.terms import NAME, CardPattern, Name, Plate, Provenance, Rank, Strict


class Packs(Provenance):
    kind: Literal["packs"]
    count: Literal[1, 2, 4]

class TakeOut(Provenance):
    kind: Literal["take_out"]
    cards: list[CardPattern] = Field(min_length=1)

class Looking(Strict):
    """What the player may see of an area's packets beneath their top cards (разсматривать,
    to look through): nothing, unless the area ``spaces_in`` has an empty place; then
    every card (``all``), or as many cards beneath the top as it has empty places
    (``per_space``). La Nivernaise's rule II: «Всѣ пачки … могутъ быть разсматриваемы,
    если являются свободныя мѣста по бокамъ»."""

    spaces_in: str = Field(pattern=NAME)
    cards: Literal["all", "per_space"]


class Area(Provenance):
    kind: Literal["area"]
    name: str = Field(pattern=NAME)
    role: Literal["talon", "tableau", "reserve", "aside"]
    label_ru: str
    piles: int = Field(ge=1, le=64)
    face: Literal["up", "down"] = "up"
    available: Literal["top", "any"] = "top"
    available_when: Literal["always", "stock_empty"] = "always"
    holds: list[CardPattern] = []
    takes: Literal["any", "unplayable"] = "any"
    colour: Literal["red", "black"] | None = None
    rows: int = Field(1, ge=1, le=8)
    looking: Looking | None = None
    plate: Plate | None = None

    @model_validator(mode="after")
    def _plate_fits(self):
        if self.piles % self.rows:
            raise ValueError(f"{self.piles} piles do not make {self.rows} equal rows")
        if self.takes != "any" and self.role != "talon":
            raise ValueError("only a talon has 'takes'")
        if self.looking and (self.face != "up" or self.role != "tableau"):
            raise ValueError("'looking' is for packets of the tableau lying face up")
        if self.plate and self.plate.shape == "frame":
            if 2 * (self.plate.groups + self.plate.per_group) != self.piles:
                raise ValueError(f"a frame round {self.plate.groups} rows of {self.plate.per_group} has "
                                 f"{2 * (self.plate.groups + self.plate.per_group)} piles, not {self.piles}")
        elif self.plate and self.plate.groups * self.plate.per_group != self.piles:
            raise ValueError(f"the plate shows {self.plate.groups}×{self.plate.per_group} piles, not {self.piles}")
        return self

class Foundations(Provenance):
    kind: Literal["foundations"]
    name: str = Field(pattern=NAME)
    label_ru: str
    piles: int = Field(ge=1, le=16)
    base: list[CardPattern] = Field(min_length=1)
    placed: Literal["at_start", "as_they_appear"]
    direction: Literal["up", "down", "alternate"]
    step: int | list[int] = 1
    wrap: bool = False
    last: Rank
    suit: Literal["follow", "any"]
    distinct_suits: bool = False
    skip: list[Rank] = []
    plate: Plate | None = None

    @model_validator(mode="after")
    def _consistent(self):
        if self.plate and self.plate.groups * self.plate.per_group != self.piles:
            raise ValueError(f"the plate shows {self.plate.groups}×{self.plate.per_group} piles, not {self.piles}")
        if sum(pattern.count for pattern in self.base) != self.piles:
            raise ValueError(f"the base cards count {sum(p.count for p in self.base)}, not {self.piles} piles")
        steps = self.step if isinstance(self.step, list) else [self.step]
        if isinstance(self.step, list) and len(steps) != self.piles:
            raise ValueError(f"'step' lists {len(steps)} steps for {self.piles} piles")
        if any(not 1 <= step <= 12 for step in steps):
            raise ValueError("every step must be between 1 and 12")
        return self

class Deal(Provenance):
    kind: Literal["deal"]
    to: str = Field(pattern=NAME)
    cards_each: int = Field(ge=1, le=52)
    pack: int | None = Field(None, ge=1, le=4)

class DealByColour(Provenance):
    """The Empress's rows (рядъ красныхъ, рядъ черныхъ): every card of the pack goes to
    the first free place of its colour among ``to``; once the places of a colour are
    full, its cards go to the ``overflow`` area of that colour (the talon), until every
    place is full."""

    kind: Literal["deal_by_colour"]
    to: list[Name] = Field(min_length=1)
    overflow: list[Name] = []

class Arrangement(Provenance):
    kind: Literal["arrangement"]
    source: str = Field(pattern=NAME)
    stack: list[int] = Field(min_length=1)
    positions: int = Field(ge=1, le=52)
    rows: int = Field(ge=1, le=4)
    rounds: int = Field(ge=1, le=13)
    face: Literal["up", "down"]
