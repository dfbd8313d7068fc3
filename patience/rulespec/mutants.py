"""One-parameter mutants of a spec, for mutation testing (``patience check --mutations``).

Every parameter a clause writes down (a default it leaves unwritten is not mutated) is
changed in each of these ways, one change per mutant:

- an enumeration (``direction``, ``fill``, ``when`` …): each other alternative;
- a boolean: flipped;
- a number (a count, a step, a rank): one less and one more;
- a list of areas (sources, targets): each dropped (when another remains) and each
  pair of neighbours swapped; a list of numbers: each number one less and one more;
- a card pattern: its rank and count one less and one more, each pattern dropped;
- a table of counts (``deal_row.to``): each count one less and one more, each dropped.

Names, Russian labels and the plate (how the piles are drawn) are not rules and are
not mutated; a mutant's clause keeps its plate, unless the plate no longer fits the
changed piles, when it is drawn without. A mutant the schema refuses is not a spec and
is counted apart. :mod:`patience.rulespec.structural` adds the mutants that change more
than one parameter: clauses removed, flows and areas added, two parameters changed
together, a foundation split off.
:func:`probes` makes the changes the score leaves out (defaults, areas replaced or
added), only to show that a claim can fail when no scored mutant makes it.
A mutant is *silent* when its clause records the parameter as conjecture: the clause
has a ``conjecture`` and either no ``conjectural`` list (all of it is conjecture) or
one naming the parameter (``playing order`` names ``playing_order``). An aspect may
also name one item of a list parameter (``foundation`` in a flow's ``to``: only the
mutant that drops that item is silent) or the order of one (``order of from``: only
the mutants that swap its items are silent).
"""

from __future__ import annotations

import copy
import re
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ValidationError

from patience.rulespec.schema import Spec
from patience.rulespec.terms import PROVENANCE_FIELDS

NOT_RULES = {"kind", "name", "label_ru", "plate"}
RANK_FIELDS = {"last", "skip", "rank"}


@dataclass(frozen=True)
class Mutant:
    """A spec with one parameter of one clause changed."""

    game: str  # the game or variant (``napoleon:twelve``) whose clause is changed
    clause: str
    parameter: str
    mutation: str
    spec: Spec | None  # None: the schema refused the change
    silent: bool

    @property
    def label(self) -> str:
        return f"{self.game} {self.clause}.{self.parameter}: {self.mutation}"

    def as_dict(self) -> dict:
        return {"game": self.game, "clause": self.clause, "parameter": self.parameter, "mutation": self.mutation}


def mutants(spec: Spec) -> Iterator[Mutant]:
    """Every one-parameter mutant of the spec's clauses and of its variants' own clauses,
    then the structural ones (:mod:`patience.rulespec.structural`)."""
    from patience.rulespec import structural

    data = spec.model_dump(by_alias=True, exclude_unset=True)
    for game, where, clauses in places(spec):
        for index, clause in enumerate(clauses):
            for parameter, value in written(clause).items():
                field = type(clause).model_fields[_python_name(clause, parameter)]
                for mutation, changed in _changes(parameter, value, field.annotation):
                    mutated = copy.deepcopy(data)
                    at(mutated, where)[index][parameter] = changed
                    yield Mutant(game, clause.id, parameter, mutation, validated(mutated, where, index),
                                 conjectural(clause, parameter, mutation))
    yield from structural.mutants(spec, data)


def places(spec: Spec) -> list[tuple[str, tuple, list]]:
    """(game id, where its clauses lie in the spec's data, the clauses): the game's, then each variant's own."""
    found: list[tuple[str, tuple, list]] = [(spec.game, ("clauses",), spec.clauses)]
    found += [(f"{spec.game}:{variant.id}", ("variants", index, "clauses"), variant.clauses)
              for index, variant in enumerate(spec.variants)]
    return found


def validated(data: dict, where: tuple, *indexes: int) -> Spec | None:
    """The mutated spec; if only the plate of a changed clause no longer fits its piles (a
    drawing of the old piles, not a rule), that clause is drawn without it."""
    found = _validated(data)
    if found is not None:
        return found
    for index in indexes:
        at(data, where)[index].pop("plate", None)
    return _validated(data)


def probes(spec: Spec) -> Iterator[Mutant]:
    """One-parameter changes beyond the scored mutants, used only to show that a claim
    can fail when none of those makes it: each default a clause leaves unwritten, changed
    as a written parameter would be (``(default) top → any``); and each area a clause
    names, replaced by another area of the spec, with each other area added to a list
    of areas (``add foundation``). These are not scored: many are no rule of the book."""
    data = spec.model_dump(by_alias=True, exclude_unset=True)
    names = sorted({c.name for c in spec.clauses if getattr(c, "name", None)} | {"stock"})
    scored = {mutant.label for mutant in mutants(spec)}  # an area added to a space's sources is scored
    for game, where, clauses in places(spec):
        for index, clause in enumerate(clauses):
            given = written(clause)
            full = clause.model_dump(by_alias=True)
            for parameter, value in full.items():
                if parameter in PROVENANCE_FIELDS | NOT_RULES:
                    continue
                annotation = type(clause).model_fields[_python_name(clause, parameter)].annotation
                if parameter not in given:
                    changes = [(f"(default) {m}", v) for m, v in _default_changes(parameter, value, annotation)]
                else:
                    changes = list(_area_changes(value, names)) if not _literals(annotation) else []
                for mutation, changed in changes:
                    if f"{game} {clause.id}.{parameter}: {mutation}" in scored:
                        continue
                    mutated = copy.deepcopy(data)
                    at(mutated, where)[index][parameter] = changed
                    yield Mutant(game, clause.id, parameter, mutation, validated(mutated, where, index), False)


def _default_changes(parameter: str, value, annotation) -> Iterator[tuple[str, object]]:
    if value is None:
        yield from ((f"none → {other}", other) for other in _literals(annotation) if other is not None)
    else:
        yield from _changes(parameter, value, annotation)


def _area_changes(value, names: list[str]) -> Iterator[tuple[str, object]]:
    """Another area for a named one; another area added to a list of areas."""
    if isinstance(value, str) and value in names:
        yield from ((f"{value} → {other}", other) for other in names if other != value)
    elif isinstance(value, list) and value and all(isinstance(item, str) and item in names for item in value):
        yield from ((f"add {other}", value + [other]) for other in names if other not in value)
        if len(value) == 1:
            yield from ((f"{value[0]} → {other}", [other]) for other in names if other != value[0])


def written(clause) -> dict:
    """The parameters the clause writes down, by the names the file uses."""
    written = clause.model_dump(by_alias=True, exclude_unset=True)
    return {key: value for key, value in written.items() if key not in PROVENANCE_FIELDS | NOT_RULES}


def _python_name(clause, parameter: str) -> str:
    fields = type(clause).model_fields
    return next((name for name, field in fields.items() if field.alias == parameter), parameter)


def at(data: dict, where: tuple):
    for step in where:
        data = data[step]
    return data


def _validated(data: dict) -> Spec | None:
    try:
        return Spec.model_validate(data)
    except ValidationError:
        return None


def conjectural(clause, parameter: str, mutation: str) -> bool:
    if not clause.conjecture:
        return False
    if not clause.conjectural:
        return True
    aspects = {aspect.replace(" ", "_") for aspect in clause.conjectural}
    if parameter in aspects or _python_name(clause, parameter) in aspects:
        return True
    dropped = re.fullmatch(r"(?:\[\d+\] )?drop (.+)", mutation)
    if dropped and dropped.group(1) in clause.conjectural:
        return True
    swapped = re.fullmatch(r"(?:\[\d+\] )?swap .+", mutation)
    return bool(swapped) and f"order of {parameter}" in clause.conjectural


def _changes(parameter: str, value, annotation) -> Iterator[tuple[str, object]]:
    """(description, new value) for each mutation of one parameter."""
    alternatives = _literals(annotation)
    if isinstance(value, bool):
        yield f"{_text(value)} → {_text(not value)}", not value
    elif value in alternatives or (isinstance(value, str) and alternatives):
        for other in alternatives:
            if other != value:
                yield f"{value} → {other}", other
    elif isinstance(value, int):
        yield from _numbers(parameter, value)
        for other in alternatives:  # redeals: a number or "unlimited"
            yield f"{value} → {other}", other
    elif isinstance(value, list):
        yield from _list_changes(parameter, value)
    elif isinstance(value, dict) and _model(annotation) is not None:
        yield from _model_changes(value, _model(annotation))
    elif isinstance(value, dict):
        yield from _table_changes(value)


def _model(annotation):
    """The model a parameter's value is written as (``looking``), if it is one."""
    for candidate in (annotation, *typing.get_args(annotation)):
        if isinstance(candidate, type) and issubclass(candidate, BaseModel):
            return candidate
    return None


def _model_changes(value: dict, model) -> Iterator[tuple[str, dict]]:
    """Each field of a parameter written as a model, changed as a parameter would be."""
    for key, inner in value.items():
        field = model.model_fields.get(key)
        if field is not None:
            for mutation, changed in _changes(key, inner, field.annotation):
                yield f"{key} {mutation}", {**value, key: changed}


def _numbers(parameter: str, value: int) -> Iterator[tuple[str, int]]:
    for delta in (-1, 1):
        changed = value + delta
        if parameter in RANK_FIELDS and not 1 <= changed <= 13:
            continue
        yield f"{value} → {changed}", changed


def _list_changes(parameter: str, items: list) -> Iterator[tuple[str, list]]:
    for index, item in enumerate(items):
        if isinstance(item, dict):  # a card pattern
            for key in ("rank", "count"):
                if key in item:
                    for mutation, changed in _numbers(key if key == "rank" else "count", item[key]):
                        yield f"[{index}].{key} {mutation}", _replace(items, index, {**item, key: changed})
        elif isinstance(item, int) and not isinstance(item, bool):
            for mutation, changed in _numbers(parameter, item):
                yield f"[{index}] {mutation}", _replace(items, index, changed)
        elif isinstance(item, list):  # a group of areas (pair, players)
            for mutation, group in _list_changes(parameter, item):
                yield f"[{index}] {mutation}", _replace(items, index, group)
    if len(items) > 1:
        for index, item in enumerate(items):
            yield f"drop {_text(item)}", items[:index] + items[index + 1:]
        for index in range(len(items) - 1):
            swapped = _replace(_replace(items, index, items[index + 1]), index + 1, items[index])
            if swapped != items:
                yield f"swap {_text(items[index])} and {_text(items[index + 1])}", swapped


def _table_changes(table: dict) -> Iterator[tuple[str, dict]]:
    for key, value in table.items():
        if isinstance(value, int) and not isinstance(value, bool):
            for mutation, changed in _numbers("count", value):
                yield f"{key} {mutation}", {**table, key: changed}
    if len(table) > 1:
        for key in table:
            yield f"drop {key}", {k: v for k, v in table.items() if k != key}


def _replace(items: list, index: int, value) -> list:
    return items[:index] + [value] + items[index + 1:]


def _literals(annotation) -> list:
    """The literal alternatives an annotation allows (through unions and ``Annotated``)."""
    if typing.get_origin(annotation) is Literal:
        return list(typing.get_args(annotation))
    found = []
    for argument in typing.get_args(annotation):
        if typing.get_origin(annotation) is not list:
            found.extend(_literals(argument))
    return found


def _text(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_text(item) for item in value) + "]"
    return str(value)
