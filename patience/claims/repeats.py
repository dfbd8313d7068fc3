"""A claim that repeats another: the same check (the order of a list of areas aside)
resting on the same passages. It proves nothing the first does not, and the mutation
record credits the kill to one of the two only."""

from __future__ import annotations

import json

from patience.rulespec.schema import Claim


def repeated(claims: list[Claim], own: set[str] | None = None) -> list[tuple[Claim, Claim]]:
    """Each claim (of ``own``, if given) that repeats an earlier one of ``claims``, with it."""
    first: dict[str, Claim] = {}
    found = []
    for claim in claims:
        key = _key(claim)
        if key in first and (own is None or claim.id in own):
            found.append((claim, first[key]))
        first.setdefault(key, claim)
    return found


def _key(claim: Claim) -> str:
    check = _unordered(claim.check.model_dump(by_alias=True))
    return json.dumps([check, sorted(claim.passages)], sort_keys=True, ensure_ascii=False)


def _unordered(value):
    """A list of names in one order: ``to: [divan, talon]`` is ``to: [talon, divan]``."""
    if isinstance(value, dict):
        return {key: _unordered(item) for key, item in value.items()}
    if isinstance(value, list):
        items = [_unordered(item) for item in value]
        return sorted(items) if all(isinstance(item, str) for item in items) else items
    return value
