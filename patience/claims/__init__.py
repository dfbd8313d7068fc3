"""Running the text's checkable statements (claims) against the engine.

A claim's ``check`` is one of the models of :mod:`patience.rulespec.claim_kinds`, validated
when the spec loads. What each kind asks the engine is registered here against its
model (:func:`patience.claims.support.runs`): foundation sequences are found by
offering cards to :meth:`Game.accepts` (:mod:`~patience.claims.foundations`), layouts
by dealing (:mod:`~patience.claims.layout`), move restrictions by generating legal
moves along reproducible random playouts (:mod:`~patience.claims.playouts`,
:mod:`~patience.claims.redeals`, :mod:`~patience.claims.pairs`). :func:`run_claim`
returns whether the statement holds and a one-line account of what was seen.

The check models live with the spec, not here, because a spec must be validated
without the engine: the engine loads specs, and these modules import the engine.
"""

from __future__ import annotations

from patience.claims import chance, foundations, layout, pairs, playouts, redeals  # noqa: F401  (they register)
from patience.claims.support import RUNNERS, ClaimError, ClaimResult
from patience.engine.game import Game
from patience.rulespec.claim_kinds import CHECK_MODELS
from patience.rulespec.schema import Claim

__all__ = ["ClaimError", "ClaimResult", "run_claim"]

_unrun = [model.__name__ for model in CHECK_MODELS if model not in RUNNERS]
if _unrun:
    raise ImportError(f"no runner registered for the check kinds {_unrun}")


def run_claim(game: Game, claim: Claim) -> ClaimResult:
    """Ask the engine; a claim it cannot ask (an area the game lacks, a position the packs
    cannot hold) is a ``ClaimError``."""
    try:
        return RUNNERS[type(claim.check)](game, **claim.check.parameters())
    except ValueError as error:  # ClaimError, or the engine refusing the claim's position or deal
        raise ClaimError(f"claim {claim.id!r}: {error}") from None
