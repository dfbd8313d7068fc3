"""Holding a spec to its text: quotations, stated numbers, cited passages.

The engine does not read the edition itself; these checks take a ``reading``
callable (passage id → reading text), so the text model and the engine stay apart
(the tests and the Sphinx extension pass ``load_edition().passage(id).reading``).

*Quotations*: every ``quote`` of a clause or claim must occur verbatim in the
reading text of one of the passages it cites.

*Numbers*: every number a cited passage states (:mod:`patience.numerals`) must be
carried by a parameter of some clause or claim citing that passage, or be listed
under the spec's ``numbers`` with the reason it is irrelevant. A parameter's
numbers are the integers in the values the item writes down (a default it leaves
unwritten states nothing, nor does a plate, which only draws the piles), except ranks
(``rank``, ``ranks``, ``last``, ``after``, ``next`` and the ranks a ``values``
table maps to), so that a card's rank never passes for a count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from patience.numerals import numerals
from patience.rulespec.schema import Spec
from patience.rulespec.terms import Provenance

PROVENANCE_KEYS = {"id", "kind", "says", "passages", "quote", "conjecture", "conjectural", "expect", "note"}
RANK_KEYS = {"rank", "ranks", "last", "after", "next"}


@dataclass(frozen=True)
class Cited:
    """A clause or claim, with the game or variant it belongs to."""

    game: str
    item: Provenance  # a clause or a claim

    @property
    def passages(self) -> list[str]:
        return self.item.passages


def cited(spec: Spec) -> Iterator[Cited]:
    """Every clause and claim of a spec and its variants."""
    for item in [*spec.clauses, *spec.claims]:
        yield Cited(spec.game, item)
    for variant in spec.variants:
        for item in [*variant.clauses, *variant.claims]:
            yield Cited(f"{spec.game}:{variant.id}", item)


def parameter_numbers(item) -> set[int]:
    """The integers a clause's or claim's parameters carry (see the module docstring)."""
    return {value for values in carried(item).values() for value in values}


def carried(item) -> dict[str, set[int]]:
    """Each written parameter of a clause or claim, with the integers it carries: a default
    the item leaves unwritten states nothing, nor does a plate, which only draws."""
    data = item.model_dump(by_alias=True, exclude_unset=True)
    return {key: _numbers_in(value, key) for key, value in data.items() if key not in PROVENANCE_KEYS | {"plate"}}


def _numbers_in(value, key: str) -> set[int]:
    found: set[int] = set()

    def visit(value, key: str | None) -> None:
        if key in RANK_KEYS:
            return
        if isinstance(value, bool):
            return
        if isinstance(value, int):
            found.add(value)
        elif isinstance(value, dict):
            for inner_key, inner in value.items():
                if isinstance(inner_key, int):
                    found.add(inner_key)
                visit(inner, "rank" if key == "values" else str(inner_key))
        elif isinstance(value, list):
            for inner in value:
                visit(inner, key)
    visit(value, key)
    return found


def quotation_problems(spec: Spec, reading: Callable[[str], str]) -> list[str]:
    problems = []
    for entry in cited(spec):
        for quote in entry.item.quotes:
            if not any(quote in reading(passage) for passage in entry.passages):
                problems.append(f"{entry.game}: {entry.item.id}: quote {quote!r} is not in {entry.passages}")
    return problems


def number_problems(spec: Spec, reading: Callable[[str], str]) -> list[str]:
    """Numbers stated by cited passages that nothing accounts for."""
    accounted: dict[str, set[int]] = {}
    for entry in cited(spec):
        for passage in entry.passages:
            accounted.setdefault(passage, set()).update(parameter_numbers(entry.item))
    excused = {(n.passage, n.value) for n in spec.numbers}
    problems = []
    for passage, numbers in accounted.items():
        for numeral in numerals(reading(passage)):
            if numeral.value not in numbers and (passage, numeral.value) not in excused:
                problems.append(f"{spec.game}: {passage} states {numeral.value} («{numeral.text}»), "
                                f"which no clause or claim citing it carries")
    return problems


def number_ties(spec: Spec, reading: Callable[[str], str]) -> dict[tuple[str, int], set[tuple[str, str, str]]]:
    """Each number a cited passage states, with the written parameters that carry it, as
    (game, clause or claim id, parameter): the number is tied to them. A change of the spec
    that takes the number from one of them loses what that parameter states, whatever
    other parameter happens to hold the same value (the mutation run's number check)."""
    ties: dict[tuple[str, int], set[tuple[str, str, str]]] = {}
    stated = {passage: {n.value for n in numerals(reading(passage))}
              for passage in {p for entry in cited(spec) for p in entry.passages}}
    for entry in cited(spec):
        for key, values in carried(entry.item).items():
            for passage in entry.passages:
                for value in values & stated[passage]:
                    ties.setdefault((passage, value), set()).add((entry.game, entry.item.id, key))
    return ties


def excuse_problems(spec: Spec, reading: Callable[[str], str]) -> list[str]:
    """An excused number must really be stated by its passage (no stale excuses)."""
    return [f"{spec.game}: {n.passage} does not state {n.value}" for n in spec.numbers
            if n.value not in {m.value for m in numerals(reading(n.passage))}]
