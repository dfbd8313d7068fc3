"""The schema of a rule specification (one YAML file per game in ``patience/specs``).

A spec is a list of **clauses**. Every clause has a ``kind`` naming one of the
engine's primitives (documented in ``docs/spec-language.md``; the models are in
:mod:`patience.rulespec.layout` and :mod:`patience.rulespec.movement`), its parameters, and its
provenance (:class:`patience.rulespec.terms.Provenance`). Beside the clauses stand the
**claims**, checkable statements of the text, and the **variants**.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import Field, model_validator

from patience.rulespec.claim_kinds import CheckKind
from patience.rulespec.claim_kinds.chance import MODELS as CHANCE_MODELS
from patience.rulespec.layout import Area, Arrangement, Deal, DealByColour, Foundations, Packs, TakeOut
from patience.rulespec.movement import (
    Build,
    DealRow,
    Exchange,
    Flow,
    LastPass,
    Pair,
    Players,
    Redeal,
    Spaces,
    TurnUp,
    Won,
)
from patience.rulespec.terms import CardPattern, PassageId, Provenance, Strict

__all__ = [
    "Area", "Arrangement", "Build", "CardPattern", "Claim", "Clause", "Deal", "DealByColour", "DealRow",
    "Exchange", "Flow", "Foundations", "LastPass", "Packs", "Pair", "Players", "Provenance", "Redeal",
    "Spaces", "Spec", "TakeOut", "TurnUp", "UnaccountedNumber", "Variant", "Won",
]


CLAUSE_MODELS = (Packs, TakeOut, Area, Foundations, Deal, Flow, Build, Spaces, DealRow,
                 LastPass, Redeal, Won, Arrangement, DealByColour, Exchange, Pair, TurnUp, Players)
if TYPE_CHECKING:  # a union of a tuple built at run time, which mypy cannot follow
    Clause = Any
else:
    Clause = Annotated[Union[CLAUSE_MODELS], Field(discriminator="kind")]  # noqa: UP007 (a tuple built at run time)


class Claim(Provenance):
    """A checkable statement of the text, run against the engine."""

    check: CheckKind
    expect: Literal["holds", "contradicted", "not_shown"] = "holds"  # not_shown: chance's figures tell neither way
    note: str | None = None

    @model_validator(mode="after")
    def _noted(self):
        if self.expect != "holds" and not self.note:
            raise ValueError(f"a claim expected to be {self.expect.replace('_', ' ')} needs an editorial 'note'")
        if self.expect == "not_shown" and not isinstance(self.check, CHANCE_MODELS):
            raise ValueError("only a claim about chance can be 'not_shown': the others are decided by the rules")
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
    clauses: list[Clause] = []
    drop: list[str] = []
    claims: list[Claim] = []
    drop_claims: list[str] = []

    @model_validator(mode="after")
    def _changes_something(self):
        if not self.clauses and not self.drop:
            raise ValueError(f"variant {self.id!r} neither replaces, adds nor drops a clause")
        return self


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
