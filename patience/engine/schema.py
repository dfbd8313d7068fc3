"""The schema of a rule specification (one YAML file per game in ``patience/specs``).

A spec is a list of **clauses**. Every clause has a ``kind`` naming one of the
engine's primitives (documented in ``docs/spec-language.md``), its parameters,
and its provenance: the passage ids it formalizes (``passages``), optionally an
exact quotation from them (``quote``), or a ``conjecture`` with the reason when
the fragments do not say it. Unknown keys, wrong types and impossible values are
errors located by file and line (``patience.datafile``).
"""

from __future__ import annotations

import re
from typing import Annotated, Literal, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from patience.engine.cards import CardError, parse_rank, parse_suit

PASSAGE_ID_PATTERN = re.compile(r"^[a-z]+(\.[a-z]+(\.\d+(\.(\d+|label|back))?)?|\.\d+)?$")
NAME = r"^[a-z][a-z -]*[a-z]$"
def _passage_id(value: str) -> str:
    if not PASSAGE_ID_PATTERN.match(value):
        raise ValueError(f"{value!r} is not a passage id (GAME.PART[.N[.M]], e.g. sultan.end.2)")
    return value


PassageId = Annotated[str, AfterValidator(_passage_id)]
Rank = Annotated[Union[int, str], Field(description="A 2 … 10 J Q K")]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)


def _rank(value):
    try:
        return parse_rank(value)
    except CardError as error:
        raise ValueError(str(error)) from None


class CardPattern(Strict):
    """Cards described by rank and, optionally, suit or colour; ``count`` of them."""

    rank: Rank
    suit: str | None = None
    colour: Literal["red", "black"] | None = None
    count: int = Field(1, ge=1)

    @field_validator("rank")
    @classmethod
    def _known_rank(cls, value):
        return _rank(value)

    @field_validator("suit")
    @classmethod
    def _known_suit(cls, value):
        if value is None:
            return value
        try:
            parse_suit(value)
        except CardError as error:
            raise ValueError(str(error)) from None
        return value

    @model_validator(mode="after")
    def _suit_or_colour(self):
        if self.suit and self.colour:
            raise ValueError("give a suit or a colour, not both")
        return self


class Provenance(Strict):
    """What every clause and claim carries: where the text says it, or why we guess."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    says: str = Field(min_length=3, description="the clause in plain English")
    passages: list[PassageId] = []
    quote: str | list[str] | None = None
    conjecture: str | None = Field(None, min_length=10)
    conjectural: list[str] = []

    @model_validator(mode="after")
    def _sourced(self):
        if not self.passages and not self.conjecture:
            raise ValueError("a clause needs passages or a conjecture with its reason")
        if self.quote and not self.passages:
            raise ValueError("a quote needs the passages it is quoted from")
        if self.conjectural and not self.conjecture:
            raise ValueError("'conjectural' parameters need the 'conjecture' reason")
        return self

    @property
    def quotes(self) -> list[str]:
        if self.quote is None:
            return []
        return [self.quote] if isinstance(self.quote, str) else list(self.quote)


class Packs(Provenance):
    kind: Literal["packs"]
    count: Literal[1, 2, 4]


class TakeOut(Provenance):
    kind: Literal["take_out"]
    cards: list[CardPattern] = Field(min_length=1)


class Plate(Strict):
    """How the piles of an area sit on the (lost) plate: for redrawing it."""

    shape: Literal["row", "rows", "sides", "beside", "ring", "frame"]
    groups: int = Field(1, ge=1, le=8)
    per_group: int = Field(ge=1, le=52)
    place: Literal["top", "middle", "bottom", "left", "right", "around"] = "middle"


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
    plate: Plate | None = None

    @model_validator(mode="after")
    def _plate_fits(self):
        if self.piles % self.rows:
            raise ValueError(f"{self.piles} piles do not make {self.rows} equal rows")
        if self.takes != "any" and self.role != "talon":
            raise ValueError("only a talon has 'takes'")
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

    @field_validator("last")
    @classmethod
    def _known_last(cls, value):
        return _rank(value)

    @field_validator("skip")
    @classmethod
    def _known_skipped(cls, value):
        return [_rank(rank) for rank in value]

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


class Flow(Provenance):
    kind: Literal["flow"]
    source: str = Field(alias="from", pattern=NAME)
    to: list[Annotated[str, Field(pattern=NAME)]] = Field(min_length=1)
    when: Literal["always", "stock_empty", "all_placed"] = "always"
    position: Literal["any", "row_ends", "line_ends"] = "any"


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
    source: list[Annotated[str, Field(pattern=NAME)]] = Field([], alias="from")
    cards: int = Field(1, ge=1, le=4)


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
    gather: list[Annotated[str, Field(pattern=NAME)]] = []
    shuffle: bool = False
    when: Literal["stock_empty", "no_other_move"] = "stock_empty"


class Won(Provenance):
    kind: Literal["won"]
    when: Literal["all_on_foundations"]


class Arrangement(Provenance):
    kind: Literal["arrangement"]
    source: str = Field(pattern=NAME)
    stack: list[int] = Field(min_length=1)
    positions: int = Field(ge=1, le=52)
    rows: int = Field(ge=1, le=4)
    rounds: int = Field(ge=1, le=13)
    face: Literal["up", "down"]


from patience.engine.schema_more import DealByColour, Exchange, Pair, Players, TurnUp  # noqa: E402

CLAUSE_MODELS = (Packs, TakeOut, Area, Foundations, Deal, Flow, Build, Spaces, DealRow,
                 LastPass, Redeal, Won, Arrangement, DealByColour, Exchange, Pair, TurnUp, Players)
CLAUSE_KINDS = tuple(model.model_fields["kind"].annotation.__args__[0] for model in CLAUSE_MODELS)
Clause = Annotated[Union[CLAUSE_MODELS], Field(discriminator="kind")]


class Claim(Provenance):
    """A checkable statement of the text, run against the engine."""

    check: dict
    expect: Literal["holds", "contradicted"] = "holds"
    note: str | None = None

    @model_validator(mode="after")
    def _noted(self):
        if self.expect == "contradicted" and not self.note:
            raise ValueError("a claim the source contradicts needs an editorial 'note'")
        if not self.passages:
            raise ValueError("a claim must be attached to the passages that state it")
        return self


class UnaccountedNumber(Strict):
    """A number a cited passage states that no clause or claim parameter carries."""

    passage: PassageId
    value: int
    words: str
    reason: str = Field(min_length=10)


class Variant(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    title: str
    says: str
    passages: list[PassageId] = Field(min_length=1)
    clauses: list[Clause] = Field(min_length=1)
    drop: list[str] = []
    claims: list[Claim] = []
    drop_claims: list[str] = []


class Spec(Strict):
    game: str = Field(pattern=r"^[a-z]+$")
    title: str
    title_ru: str | None = None  # None where the fragments have lost it; never invented
    status: Literal["complete", "partial", "fragmentary"]
    playable: bool = True
    summary: str
    clauses: list[Clause] = Field(min_length=1)
    claims: list[Claim] = []
    numbers: list[UnaccountedNumber] = []
    variants: list[Variant] = []

    @model_validator(mode="after")
    def _unique_ids(self):
        seen: set[str] = set()
        for item in [*self.clauses, *self.claims]:
            if item.id in seen:
                raise ValueError(f"clause or claim id {item.id!r} is used twice")
            seen.add(item.id)
        return self
