"""Mutants that change a spec's structure, beyond one parameter (:mod:`patience.rulespec.mutants`):

- a **clause removed** (each clause of the game and each of a variant's own): Calculation
  without its talon's play to the foundations; and a clause a variant drops, restored
  (the Zodiac read as the Russian, its equator married onto the zodiac again);
- a **flow added**, from an area (or the pack) to an area that can take a card from it (a
  foundation, a talon, packets built on by marriage) where no flow joins them: the
  Sultan's divan to its talon, the Constitution's talon to the Commons;
- an **area added** to the sources of a space (the Duchess's packets filled from the
  reserve, with the flow that brings its cards there), to the areas a row is dealt to (La Nivernaise's row dealt to the flanks too)
  and to the areas a redeal gathers;
- **two parameters together**, where one alone is refused or plays the same: a card taken
  out and the foundation base it becomes, changed alike (the Sultan's ace of hearts made
  an ace of spades in both); a game without a redeal given one that gathers an area; a
  build and a flow onto an area no card may enter;
- **one foundation split off**: the last pile of a group of foundations made a group of
  its own, which no flow names.

The base game's structure is mutated once; a variant's own clauses are removed in it.
A structural mutant is *silent* when what it changes is recorded as conjecture: a clause
removed that is conjecture as a whole, an area added to a parameter the clause marks
conjectural, a foundation split off a group whose piles are conjectural; an added flow
or build is never silent, since only the flows a spec lists exist.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator

from patience.rulespec.mutants import Mutant, at, conjectural, places, validated

MUTANT = "A mutant made by the mutation run."  # the provenance of a clause it adds
TAKERS = ("foundations",)


def mutants(spec, data: dict) -> Iterator[Mutant]:
    for game, where, clauses in places(spec):
        for index, clause in enumerate(clauses):
            yield _removed(data, game, where, index, clause)
    for number, variant in enumerate(spec.variants):
        for clause_id in variant.drop:
            yield _restored(data, spec.game, variant, number, clause_id)
    base = spec.clauses
    yield from _flows_added(data, spec.game, base)
    yield from _areas_added(data, spec.game, base)
    yield from _take_out_and_base(data, spec.game, base)
    yield from _redeal_given(data, spec.game, base)
    yield from _build_and_flow(data, spec.game, base)
    yield from _split_off(data, spec.game, base)


def _removed(data: dict, game: str, where: tuple, index: int, clause) -> Mutant:
    mutated = copy.deepcopy(data)
    del at(mutated, where)[index]
    whole = bool(clause.conjecture) and not clause.conjectural
    return Mutant(game, clause.id, "(clause)", "removed", validated(mutated, where), whole)


def _restored(data: dict, game: str, variant, number: int, clause_id: str) -> Mutant:
    """A variant that no longer drops one of the base clauses it drops (it names the
    clause among its own, as the base has it, so that it is still a variant)."""
    mutated = copy.deepcopy(data)
    clause = next(c for c in data["clauses"] if c["id"] == clause_id)
    mutated["variants"][number]["drop"] = [c for c in variant.drop if c != clause_id]
    mutated["variants"][number].setdefault("clauses", []).append(copy.deepcopy(clause))
    whole = bool(clause.get("conjecture")) and not clause.get("conjectural")
    return Mutant(f"{game}:{variant.id}", clause_id, "(drop)", "restored", validated(mutated, ("clauses",)), whole)


def _roles(clauses) -> dict[str, str]:
    """Area name → role (``foundation`` for foundation groups), the pack included."""
    roles = {"stock": "stock"}
    for clause in clauses:
        if clause.kind == "area":
            roles[clause.name] = clause.role
        elif clause.kind == "foundations":
            roles[clause.name] = "foundation"
    return roles


def _built(clauses) -> set[str]:
    return {clause.area for clause in clauses if clause.kind == "build"}


def _added(data: dict, game: str, label: str, parameter: str, mutation: str, clauses_to_add: list[dict],
           changes: dict | None = None, silent: bool = False) -> Mutant:
    """A mutant with clauses appended to the game's (and clauses changed: index → new data)."""
    mutated = copy.deepcopy(data)
    for index, changed in (changes or {}).items():
        mutated["clauses"][index] = changed
    mutated["clauses"] += clauses_to_add
    return Mutant(game, label, parameter, mutation, validated(mutated, ("clauses",), *(changes or {})), silent)


def _flow(source: str, target: str) -> dict:
    return {"id": f"added-{source}-to-{target}".replace(" ", "-"), "kind": "flow", "from": source, "to": [target],
            "says": f"A card may go from the {source} to the {target}.", "conjecture": MUTANT}


def _joined(clauses) -> set[tuple[str, str]]:
    """The (source, target) areas a flow or an exchange joins."""
    joined = {(c.source, name) for c in clauses if c.kind == "flow" for name in c.to}
    return joined | {(name, other) for c in clauses if c.kind == "exchange" for name in c.between for other in c.between}


def _flows_added(data: dict, game: str, clauses) -> Iterator[Mutant]:
    roles, built, joined = _roles(clauses), _built(clauses), _joined(clauses)
    sources = [name for name, role in roles.items() if role in ("stock", "talon", "tableau", "reserve")]
    targets = [name for name, role in roles.items() if role in ("foundation", "talon") or name in built]
    for source in sources:
        for target in targets:
            if (source, target) in joined or (source == target and target not in built):
                continue
            yield _added(data, game, f"flow {source} → {target}", "(flow)", "added", [_flow(source, target)])


def _areas_added(data: dict, game: str, clauses) -> Iterator[Mutant]:
    """Another area among a space's sources (with a flow from it, where none joins the two:
    a source no card can come from fills nothing), a row's targets or a redeal's gathering."""
    roles, joined = _roles(clauses), _joined(clauses)
    playing = [name for name, role in roles.items() if role in ("stock", "talon", "tableau", "reserve")]
    for index, clause in enumerate(clauses):
        if clause.kind == "spaces":
            present, parameter = clause.source, "from"
        elif clause.kind == "deal_row":
            present, parameter = list(clause.to), "to"
        elif clause.kind == "redeal" and clause.gather:
            present, parameter = clause.gather, "gather"
        else:
            continue
        for name in playing:
            if name in present or name == "stock" and parameter != "from" or name == getattr(clause, "area", None):
                continue
            changed, mutation = copy.deepcopy(data["clauses"][index]), f"add {name}"
            if parameter == "to":
                changed["to"] = {**changed["to"], name: next(iter(clause.to.values()))}
            else:
                changed[parameter] = [*changed.get(parameter, []), name]
            if clause.kind == "spaces" and clause.fill == "next_row":  # a space waiting for the row filled at will
                changed["fill"], mutation = "at_will", f"fill next_row → at_will, from the {name}"
            flows = [_flow(name, clause.area)] if parameter == "from" and (name, clause.area) not in joined else []
            yield _added(data, game, clause.id, parameter, mutation, flows, {index: changed},
                         conjectural(clause, parameter, mutation))


def _same_card(pattern, other) -> bool:
    return (pattern.rank, pattern.suit, pattern.colour) == (other.rank, other.suit, other.colour)


def _take_out_and_base(data: dict, game: str, clauses) -> Iterator[Mutant]:
    """A card taken out and the base it becomes, changed alike: its rank one less or one
    more, or its suit another (one alone is refused: no card taken out fits the base)."""
    for out, take_out in enumerate(clauses):
        if take_out.kind != "take_out":
            continue
        for found, foundations in enumerate(clauses):
            if foundations.kind != "foundations" or foundations.placed != "at_start":
                continue
            for i, card in enumerate(take_out.cards):
                for j, base in enumerate(foundations.base):
                    if not _same_card(card, base):
                        continue
                    for key, value, label in _card_changes(card):
                        changes = {out: _pattern_changed(data["clauses"][out], "cards", i, key, value),
                                   found: _pattern_changed(data["clauses"][found], "base", j, key, value)}
                        silent = any(conjectural(c, p, "") for c, p in ((take_out, "cards"), (foundations, "base")))
                        yield _added(data, game, f"{take_out.id} + {foundations.id}", "cards + base", label, [],
                                     changes, silent)


def _card_changes(card) -> Iterator[tuple[str, object, str]]:
    for delta in (-1, 1):
        if 1 <= card.rank + delta <= 13:
            yield "rank", card.rank + delta, f"rank {card.rank} → {card.rank + delta} in both"
    if card.suit:
        for suit in ("spades", "hearts", "diamonds", "clubs"):
            if suit != card.suit:
                yield "suit", suit, f"suit {card.suit} → {suit} in both"


def _pattern_changed(clause_data: dict, key: str, index: int, field: str, value) -> dict:
    changed = copy.deepcopy(clause_data)
    changed[key][index] = {**changed[key][index], field: value}
    return changed


def _redeal_given(data: dict, game: str, clauses) -> Iterator[Mutant]:
    """A game dealt once given one redeal that gathers an area (``redeals: 0 → 1`` alone
    gathers nothing and plays the same)."""
    roles = _roles(clauses)
    for index, clause in enumerate(clauses):
        if clause.kind != "redeal" or clause.redeals != 0 or clause.gather:
            continue
        for name in (n for n, role in roles.items() if role in ("talon", "tableau", "reserve")):
            changed = {**copy.deepcopy(data["clauses"][index]), "redeals": 1, "gather": [name]}
            yield _added(data, game, clause.id, "redeals + gather", f"0 → 1, gathering the {name}", [],
                         {index: changed}, conjectural(clause, "redeals", ""))


def _build_and_flow(data: dict, game: str, clauses) -> Iterator[Mutant]:
    """Marriage on an area where nothing is built, with a flow onto it (either alone lets
    no card on: a card goes onto a packet only by a build and a flow)."""
    roles, built = _roles(clauses), _built(clauses)
    sources = [name for name, role in roles.items() if role in ("stock", "talon", "tableau", "reserve")]
    for area in (n for n, role in roles.items() if role in ("tableau", "reserve") and n not in built):
        build = {"id": f"added-build-{area}".replace(" ", "-"), "kind": "build", "area": area, "direction": "either",
                 "suit": "same", "says": f"Marriage on the {area}.", "conjecture": MUTANT}
        for source in sources:
            yield _added(data, game, f"build on {area} + flow {source} → {area}", "(build and flow)", "added",
                         [build, _flow(source, area)])


def _split_off(data: dict, game: str, clauses) -> Iterator[Mutant]:
    """The last pile of a group of foundations made a group of its own, named apart, fed
    by no flow."""
    for index, clause in enumerate(clauses):
        if clause.kind != "foundations" or clause.piles < 2:
            continue
        kept = copy.deepcopy(data["clauses"][index])
        kept["piles"] -= 1
        kept.pop("plate", None)
        bases = [dict(pattern) for pattern in kept["base"]]
        last = {**bases[-1], "count": 1}
        bases[-1]["count"] = bases[-1].get("count", 1) - 1
        kept["base"] = [pattern for pattern in bases if pattern.get("count", 1) > 0]
        split = {**copy.deepcopy(kept), "id": f"{clause.id}-split", "name": f"{clause.name} apart", "piles": 1,
                 "base": [last]}
        if isinstance(clause.step, list):
            kept["step"], split["step"] = list(clause.step[:-1]), [clause.step[-1]]
        mutated = copy.deepcopy(data)
        mutated["clauses"][index:index + 1] = [kept, split]  # the piles keep their numbers
        yield Mutant(game, clause.id, "piles", "split off the last pile as a group of its own",
                     validated(mutated, ("clauses",)), conjectural(clause, "piles", ""))
