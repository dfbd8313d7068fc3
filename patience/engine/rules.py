"""Compiling a spec's clauses into the tables the engine plays from.

Piles are numbered once: the stock (колода) is pile 0, then the piles of every
area and foundation in the order the spec declares them. Foundations get their
full rank sequence computed here (base, direction, step, wrap, last), so that
during play "what does this foundation need next" is a list lookup.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from patience.datafile import DataFileError
from patience.engine import schema
from patience.engine.cards import KING, RANK_NAMES
from patience.engine.rows import line_ends_problem

STOCK = 0


@dataclass
class Area:
    """A named group of piles with one role (the book's колода, талонъ, диванъ …)."""

    name: str
    role: str  # stock | talon | tableau | reserve | aside | foundation
    label_ru: str
    piles: range
    face: str = "up"
    available: str = "top"
    available_when: str = "always"
    takes: str = "any"
    clause: schema.Provenance | None = None
    colour: str | None = None  # red | black: the area takes cards of that colour only


@dataclass
class FoundationRule:
    """What one foundation accepts: its rank sequence and its suit rule."""

    sequence: tuple[int, ...]
    suit: str
    base: schema.CardPattern
    placed: str
    distinct_suits: bool
    area: str


@dataclass
class Rules:
    game: str
    spec: schema.Spec
    clauses: list
    packs: int = 1
    areas: dict[str, Area] = field(default_factory=dict)
    pile_area: list[str] = field(default_factory=list)
    foundation: dict[int, FoundationRule] = field(default_factory=dict)
    take_out: list[schema.CardPattern] = field(default_factory=list)
    deals: list[schema.Deal] = field(default_factory=list)
    flows: list[schema.Flow] = field(default_factory=list)
    builds: dict[str, schema.Build] = field(default_factory=dict)
    spaces: dict[str, schema.Spaces] = field(default_factory=dict)
    deal_row: schema.DealRow | None = None
    last_pass_omit: frozenset[str] = frozenset()
    redeal: schema.Redeal | None = None
    arrangement: schema.Arrangement | None = None
    by_colour: schema.DealByColour | None = None
    pairs: list = field(default_factory=list)
    turn_ups: list = field(default_factory=list)
    players: schema.Players | None = None
    claims: list = field(default_factory=list)

    def pile_name(self, pile: int) -> str:
        """``talon 2``; a one-pile area is named without a number (``stock``)."""
        area = self.areas[self.pile_area[pile]]
        if len(area.piles) == 1:
            return area.name
        return f"{area.name} {pile - area.piles.start + 1}"

    def role(self, pile: int) -> str:
        return self.areas[self.pile_area[pile]].role

    def piles_of(self, role: str) -> list[int]:
        return [p for p, name in enumerate(self.pile_area) if self.areas[name].role == role]


def foundation_sequence(clause: schema.Foundations, base_rank: int, step: int) -> tuple[int, ...]:
    """The ranks a foundation takes, base first, counting ``step`` and wrapping past the king.

    Calculation's counting (its jack is 11, king 13, then the ace is 14 …) is the
    same thing: a value above 13 stands for the rank 13 lower.
    """
    if clause.direction == "alternate":
        return alternate_sequence(base_rank, clause.last)
    sign = 1 if clause.direction == "up" else -1
    base, last = RANK_NAMES[base_rank - 1], RANK_NAMES[clause.last - 1]
    ranks = [base_rank]
    while ranks[-1] != clause.last:
        value = ranks[-1] + sign * step
        if not 1 <= value <= KING:
            if not clause.wrap:
                raise ValueError(f"counting by {step} from {base} never reaches {last} without wrapping")
            value = (value - 1) % KING + 1
        ranks.append(value)
        if len(ranks) > KING:
            raise ValueError(f"counting by {step} from {base} never reaches {last}")
    return tuple(ranks)


def alternate_sequence(base_rank: int, last: int) -> tuple[int, ...]:
    """Ranks taken alternately from the two ends of the suit, from the base inwards:
    the Besieged City's ace, king, two, queen, three, knave … seven (the English "alternate
    sequences, ascending and descending"). With ``last`` equal to the base the sequence
    then goes back outwards, seven, eight, six, nine … king, ace: twenty-six cards, the
    suit of two packs, «въ томъ порядкѣ, въ которомъ онѣ будутъ сыграны»."""
    if base_rank not in (1, KING):
        raise ValueError("an alternate foundation begins with an ace or a king")
    low, high = (1, KING) if base_rank == 1 else (KING, 1)
    step = 1 if base_rank == 1 else -1
    inwards = []
    while len(inwards) < KING:
        inwards.append(low)
        if len(inwards) < KING:
            inwards.append(high)
        low, high = low + step, high - step
    if last == base_rank:
        return tuple(inwards) + tuple(reversed(inwards))
    if last != inwards[-1]:
        raise ValueError(f"an alternate foundation from {RANK_NAMES[base_rank - 1]} ends with "
                         f"{RANK_NAMES[inwards[-1] - 1]} or, going back out, with {RANK_NAMES[base_rank - 1]}")
    return tuple(inwards)


def compile_rules(spec: schema.Spec, clauses: list, path: Path | str, game_id: str,
                  lines: dict[str, int] | None = None) -> Rules:
    """Build the play tables; a clause that contradicts another is a located error."""
    lines = lines or {}
    rules = Rules(game=game_id, spec=spec, clauses=clauses)
    rules.areas["stock"] = Area("stock", "stock", "колода", range(0, 1), face="down")
    rules.pile_area.append("stock")
    for clause in clauses:
        try:
            _add(rules, clause)
        except ValueError as error:
            raise DataFileError(path, lines.get(clause.id), f"clause {clause.id!r}: {error}") from None
    _check_names(rules, path, lines)
    return rules


def _new_area(rules: Rules, area: Area, count: int) -> None:
    if area.name in rules.areas:
        raise ValueError(f"area {area.name!r} is declared twice")
    start = len(rules.pile_area)
    area.piles = range(start, start + count)
    rules.areas[area.name] = area
    rules.pile_area.extend([area.name] * count)


def _add(rules: Rules, clause) -> None:
    kind = clause.kind
    if kind == "packs":
        rules.packs = clause.count
    elif kind == "take_out":
        rules.take_out.extend(clause.cards)
    elif kind == "area":
        area = Area(clause.name, clause.role, clause.label_ru, range(0), clause.face,
                    clause.available, clause.available_when, clause.takes, clause, clause.colour)
        _new_area(rules, area, clause.piles)
    elif kind == "foundations":
        _add_foundations(rules, clause)
    elif kind == "deal":
        rules.deals.append(clause)
    elif kind == "flow":
        rules.flows.append(clause)
    elif kind == "build":
        rules.builds[clause.area] = clause
    elif kind == "spaces":
        rules.spaces[clause.area] = clause
    elif kind == "deal_row":
        rules.deal_row = clause
    elif kind == "last_pass":
        rules.last_pass_omit = frozenset(clause.omit)
    elif kind == "redeal":
        rules.redeal = clause
    elif kind == "arrangement":
        rules.arrangement = clause
    else:
        _add_action(rules, clause)


def _add_action(rules: Rules, clause) -> None:
    """The clause kinds of :mod:`patience.engine.schema_more`."""
    if clause.kind == "deal_by_colour":
        rules.by_colour = clause
    elif clause.kind == "exchange":
        # One card at a time, each way: two flows between the foundation groups.
        first, second = clause.between
        for source, target in ((first, second), (second, first)):
            rules.flows.append(schema.Flow(kind="flow", id=clause.id, says=clause.says,
                                           passages=clause.passages, conjecture=clause.conjecture,
                                           **{"from": source, "to": [target]}))
    elif clause.kind == "pair":
        rules.pairs.append(clause)
    elif clause.kind == "turn_up":
        rules.turn_ups.append(clause)
    elif clause.kind == "players":
        rules.players = clause


def _add_foundations(rules: Rules, clause: schema.Foundations) -> None:
    area = Area(clause.name, "foundation", clause.label_ru, range(0), clause=clause)
    _new_area(rules, area, clause.piles)
    steps = clause.step if isinstance(clause.step, list) else [clause.step] * clause.piles
    bases = [pattern for pattern in clause.base for _ in range(pattern.count)]
    for pile, base, step in zip(area.piles, bases, steps):
        sequence = foundation_sequence(clause, base.rank, step)
        # Ranks taken out of the packs are passed over (the Empress's black queens).
        sequence = tuple(rank for rank in sequence if rank not in clause.skip or rank == base.rank)
        rules.foundation[pile] = FoundationRule(
            sequence, clause.suit, base, clause.placed, clause.distinct_suits, clause.name
        )


def _check_names(rules: Rules, path, lines: dict[str, int]) -> None:
    """Every area a clause mentions must be declared."""
    def known(name: str, clause) -> None:
        if name not in rules.areas:
            raise DataFileError(path, lines.get(clause.id), f"clause {clause.id!r}: no area named {name!r}")

    for clause in rules.deals:
        known(clause.to, clause)
    for clause in rules.flows:
        for name in [clause.source, *clause.to]:
            known(name, clause)
    for name, clause in [*rules.builds.items(), *rules.spaces.items()]:
        known(name, clause)
        for source in getattr(clause, "source", []):
            known(source, clause)
    if rules.deal_row:
        for name in rules.deal_row.to:
            known(name, rules.deal_row)
    if rules.redeal:
        for name in rules.redeal.gather:
            known(name, rules.redeal)
    if rules.arrangement:
        known(rules.arrangement.source, rules.arrangement)
    for clause in [rules.by_colour, *rules.pairs, *rules.turn_ups, rules.players]:
        for name in _names(clause):
            known(name, clause)
    for clause in rules.flows:
        rows = {getattr(rules.areas[name].clause, "rows", 1) for name in [clause.source, *clause.to]}
        if clause.position == "row_ends" and len(rows) > 1:
            raise DataFileError(path, lines.get(clause.id),
                                f"clause {clause.id!r}: 'row_ends' joins areas with different numbers of rows")
        if clause.position == "line_ends":
            problem = line_ends_problem(rules, clause)
            if problem:
                raise DataFileError(path, lines.get(clause.id), f"clause {clause.id!r}: {problem}")


def _names(clause) -> list[str]:
    """The area names a clause of :mod:`patience.engine.schema_more` mentions."""
    if clause is None:
        return []
    if clause.kind == "deal_by_colour":
        return [*clause.to, *clause.overflow]
    if clause.kind == "pair":
        return [*clause.source[0], *clause.source[1], *clause.to]
    if clause.kind == "turn_up":
        return [*clause.source, *clause.to]
    return [name for group in clause.own for name in group]
