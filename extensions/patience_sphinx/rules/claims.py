"""Claims on the page: each run against the engine while the page is read.

A claim shows its status: *holds*, *contradicted* — a statement of the text the
engine refutes, kept with its editorial note —, or, for a claim about chance, *not
shown* — the figures tell neither way. A claim whose verdict is not the one its spec
records (one that fails, or is marked contradicted but now holds) is a
``rules.claim`` warning pointing at the claim's line in the spec, so ``-W`` fails
the build; the page shows it in an error box. Results are cached on the spec's
digest and the engine's version (:mod:`.cache`).
"""

from __future__ import annotations

from docutils import nodes

from patience.claims import ClaimError, run_claim
from patience.views.replay import Timed, TimeLimit

from .._html import make, text
from .._logging import file_location as spec_location
from .._logging import warn_rules as warn
from .blocks import conjecture, head, provenance, record
from .cache import cached

BADGES = {
    "holds": "✓ Holds",
    "contradicted": "✗ Contradicted by the engine",
    "not_shown": "◌ Not shown by the figures",
    "fails": "⚠ Fails",
    "error": "⚠ Cannot be run",
}


def run(loaded, claim, seconds: float) -> dict:
    try:
        result = run_claim(Timed(loaded.game, seconds), claim)
    except ClaimError as error:
        return {"error": str(error)}
    except TimeLimit as error:
        return {"error": str(error), "transient": True}
    return {"holds": result.holds, "verdict": result.verdict, "detail": result.detail}


def status(claim, outcome: dict) -> str:
    if "error" in outcome:
        return "error"
    verdict = outcome.get("verdict") or ("holds" if outcome["holds"] else "contradicted")  # cached before verdicts
    return verdict if verdict == claim.expect else "fails"


def asked(directive, loaded, owner: str, claim) -> tuple[dict, str]:
    """The claim run against ``owner`` (the game or a variant, compiled in ``loaded``),
    cached, and its status."""
    seconds = directive.config.rules_time_limit
    outcome = cached(directive.env, "claim", loaded.digest, lambda: run(loaded, claim, seconds), owner, claim.id)
    return outcome, status(claim, outcome)


def complain(loaded, owner: str, claim, outcome: dict) -> None:
    """The ``rules.claim`` warning, at the claim's line in the spec."""
    warn("claim", _complaint(f"{owner}.{claim.id}", claim, outcome), spec_location(loaded.path, loaded.lines.get(claim.id)))


def claim_block(directive, loaded, owner: str, claim) -> tuple[nodes.Node, str]:
    """The claim's block on the page, and its status."""
    outcome, shown = asked(directive, loaded, owner, claim)
    name = f"{owner}.{claim.id}"
    anchor = f"clause-{name}"
    if shown in ("fails", "error"):
        complain(loaded, owner, claim, outcome)
    block = make("div", classes=["rules-claim", f"rules-claim-{shown}"], ids=[anchor])
    block += head(name, anchor, "claim")
    block += text("p", BADGES[shown], classes=["rules-status"])
    block += nodes.paragraph("", claim.says, classes=["rules-says"])
    block += provenance(directive, claim, "Stated in")
    if claim.conjecture:
        block += conjecture(claim)
    block += nodes.paragraph("", f"The engine: {outcome.get('detail') or outcome.get('error')}.",
                             classes=["rules-detail"])
    if claim.note:
        box = make("div", classes=["rules-editorial-note"], role="note")
        box += nodes.paragraph("", "", nodes.strong("", "Editorial note: "), nodes.Text(claim.note))
        block += box
    record(directive, name, anchor, f"{name} ({shown})", claim, loaded.digest, shown)
    return block, shown


def _complaint(name: str, claim, outcome: dict) -> str:
    if "error" in outcome:
        return f"claim {name} cannot be run: {outcome['error']}"
    if claim.expect == "holds":
        return (f"claim {name} fails: the engine shows {outcome['detail']!r}; fix the spec, or mark the claim "
                f"'expect: contradicted' with an editorial note")
    verdict = outcome.get("verdict") or ("holds" if outcome["holds"] else "contradicted")
    marked = {"contradicted": "contradicted by the engine", "not_shown": "not shown by the figures"}[claim.expect]
    found = {"holds": "holds", "contradicted": "is contradicted", "not_shown": "is not shown"}[verdict]
    return f"claim {name} is marked as {marked}, but it {found}: {outcome['detail']!r}"
