"""The kinds of claim check: one model per kind, with its typed parameters, so that a
misspelt or missing parameter is an error located at its line when the spec loads.
What each kind asks the engine is :mod:`patience.claims`; the table of
``docs/spec-language.md`` is generated from these models."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Union

from pydantic import Field

from patience.rulespec.claim_kinds import chance, foundations, layout, pairs, playouts, redeals

CHECK_MODELS = (*foundations.MODELS, *layout.MODELS, *playouts.MODELS, *redeals.MODELS, *pairs.MODELS,
                *chance.MODELS)
if TYPE_CHECKING:  # a union of a tuple built at run time, which mypy cannot follow
    CheckKind = Any
else:
    CheckKind = Annotated[Union[CHECK_MODELS], Field(discriminator="kind")]  # noqa: UP007 (a tuple built at run time)


def kind_of(model) -> str:
    """The ``kind`` a check model is written with."""
    return model.model_fields["kind"].annotation.__args__[0]
