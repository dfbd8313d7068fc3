"""The terms every clause of a spec is written in: names, passage ids, ranks,
card patterns, and the provenance every clause and claim carries.

Unknown keys, wrong types and impossible values are errors located by file and
line (``patience.datafile``).
"""

from __future__ import annotations

import re
from types import UnionType
from typing import Annotated, Literal, Union, get_args, get_origin

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from patience.cards import CardError, parse_rank, parse_suit

PASSAGE_ID_PATTERN = re.compile(r"^[a-z]+(\.[a-z]+(\.\d+(\.(\d+|label|back))?)?|\.\d+)?$")
NAME = r"^[a-z][a-z -]*[a-z]$"
Name = Annotated[str, Field(pattern=NAME)]


def _passage_id(value: str) -> str:
    if not PASSAGE_ID_PATTERN.match(value):
        raise ValueError(f"{value!r} is not a passage id (GAME.PART[.N[.M]], e.g. sultan.end.2)")
    return value


PassageId = Annotated[str, AfterValidator(_passage_id)]
Role = Literal["stock", "talon", "tableau", "reserve", "aside", "foundation"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _numbers_are_numbers(cls, data):
        """A count is written as a number: YAML's ``true`` is not one pack, nor ``"8"`` eight piles."""
        if isinstance(data, dict):
            for name, field in cls.model_fields.items():
                value = data.get(field.alias or name, data.get(name))
                coerced = isinstance(value, bool) or isinstance(value, str) and value.strip().lstrip("+-").isdigit()
                if coerced and _numeric(field.annotation):  # anything else, pydantic refuses itself
                    raise ValueError(f"{field.alias or name} must be a number, not {value!r}")
        return data


def _numeric(annotation) -> bool:
    """Whether a field takes only numbers (``int``, ``Literal[1, 2, 4]``, ``int | None`` …)."""
    origin, args = get_origin(annotation), get_args(annotation)
    if annotation is int:
        return True
    if origin is Literal:
        return all(type(arg) is int for arg in args)
    if origin is Annotated:  # a field converted before validation (a rank) may be written otherwise
        return _numeric(args[0]) and not any(isinstance(meta, BeforeValidator) for meta in args[1:])
    if origin in (Union, UnionType):
        kinds = [arg for arg in args if arg is not type(None)]
        return all(_numeric(arg) or get_origin(arg) is list for arg in kinds) and any(map(_numeric, kinds))
    return False


def rank_value(value) -> int:
    """A rank as a number, for validators: an unknown rank is a ValueError pydantic locates."""
    try:
        return parse_rank(value)
    except CardError as error:
        raise ValueError(str(error)) from None


def _checked_rank(value: int | str) -> int | str:
    rank_value(value)
    return value


# A rank checked when the spec loads and kept as written (``K``, ``2``), so that a rank
# is never read as a number the text states.
Rank = Annotated[int, BeforeValidator(rank_value, json_schema_input_type=int | str),
                 Field(description="A 2 … 10 J Q K")]  # written as a number or a letter, read as a number
RankName = Annotated[int | str, AfterValidator(_checked_rank), Field(description="A 2 … 10 J Q K")]


class CardPattern(Strict):
    """Cards described by rank and, optionally, suit or colour; ``count`` of them."""

    rank: Rank
    suit: str | None = None
    colour: Literal["red", "black"] | None = None
    count: int = Field(1, ge=1)

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


class Plate(Strict):
    """How the piles of an area sit on the (lost) plate: for redrawing it."""

    shape: Literal["row", "rows", "sides", "beside", "ring", "frame"]
    groups: int = Field(1, ge=1, le=8)
    per_group: int = Field(ge=1, le=52)
    place: Literal["top", "middle", "bottom", "left", "right", "around"] = "middle"


class Check(Strict):
    """A kind of claim check: ``kind`` names it (see :mod:`patience.rulespec.claim_kinds`), the
    other keys are its parameters."""

    def parameters(self) -> dict:
        """The parameters by their Python names (``source`` for ``from``)."""
        return {name: getattr(self, name) for name in type(self).model_fields if name != "kind"}


PROVENANCE_FIELDS = frozenset(Provenance.model_fields)
