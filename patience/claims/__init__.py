"""Running the text's checkable statements (claims) against the engine.

A claim's ``check`` names one of the kinds registered in :data:`CHECKS` and its
parameters. Each kind asks the engine, not the spec: foundation sequences are found
by offering cards to :meth:`Game.accepts` (:mod:`~patience.claims.foundations`),
layouts by dealing (:mod:`~patience.claims.layout`), move restrictions by generating
legal moves along reproducible random playouts (:mod:`~patience.claims.playouts`,
:mod:`~patience.claims.redeals`, :mod:`~patience.claims.pairs`). :func:`run_claim`
returns whether the statement holds and a one-line account of what was seen.
"""

from __future__ import annotations

from patience.claims import foundations, layout, pairs, playouts, redeals  # noqa: F401  (they register)
from patience.claims.support import CHECKS, ClaimError, ClaimResult
from patience.engine.game import Game
from patience.spec.schema import Claim

__all__ = ["CHECKS", "ClaimError", "ClaimResult", "run_claim"]


def run_claim(game: Game, claim: Claim) -> ClaimResult:
    params = dict(claim.check)
    kind = params.pop("kind", None)
    check = CHECKS.get(kind)
    if check is None:
        raise ClaimError(f"claim {claim.id!r}: unknown check kind {kind!r}; known: {', '.join(sorted(CHECKS))}")
    try:
        return check(game, **params)
    except TypeError as error:
        raise ClaimError(f"claim {claim.id!r}: bad parameters for {kind}: {error}") from None
