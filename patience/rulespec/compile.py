"""Compiling a spec's clauses (pydantic models) into the engine's tables (:mod:`patience.engine.rules`),
and finding a game's spec to compile (:func:`rules_from_file`, :func:`load_rules`, :func:`load_game`).

This is the one step between the spec language and play that needs the schema;
the tables it returns are plain dataclasses, so the engine itself does not.
A clause that contradicts another is a located error.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from patience.cards import KING, RANK_NAMES
from patience.datafile import DataFileError
from patience.engine import rules as tables
from patience.engine.game import Game
from patience.engine.rows import line_ends_problem
from patience.engine.rules import Area, FoundationRule, Rules
from patience.rulespec import schema
from patience.rulespec.loading import GameEntry, claims_of, clauses_of, games, read_spec, spec_state, variant_of
from patience.rulespec.terms import Plate

__all__ = ["GameEntry", "compile_rules", "games", "load_game", "load_rules", "rules_from_file"]


def compile_rules(spec: schema.Spec, clauses: list, path: Path | str, game_id: str,
                  lines: dict[str, int] | None = None) -> Rules:
    """Build the play tables of ``clauses`` (a game's, or a variant's), with the claims of
    ``game_id`` (:func:`~patience.rulespec.loading.claims_of`) and the clauses' lines."""
    lines = lines or {}
    variant = variant_of(game_id)
    rules = Rules(game=game_id, title=spec.title, title_ru=spec.title_ru, playable=spec.playable,
                  spec=spec, clauses=clauses, claims=claims_of(spec, variant), lines=dict(lines))
    rules.areas["stock"] = Area("stock", "stock", "колода", range(0, 1), face="down")
    rules.pile_area.append("stock")
    for clause in clauses:
        try:
            _add(rules, clause)
        except ValueError as error:
            raise DataFileError(path, lines.get(clause.id), f"clause {clause.id!r}: {error}") from None
    _check_names(rules, path, lines)
    return rules


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
    inwards: list[int] = []
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


def pattern(card: schema.CardPattern) -> tables.Pattern:
    return tables.Pattern(card.rank, card.suit, card.colour, card.count)


def _plate(plate: Plate | None) -> tables.Plate | None:
    return tables.Plate(plate.shape, plate.groups, plate.per_group, plate.place) if plate else None


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
        rules.take_out.append(tables.TakeOut(clause.id, tuple(map(pattern, clause.cards))))
    elif kind == "area":
        looking = tables.Looking(clause.looking.spaces_in, clause.looking.cards) if clause.looking else None
        area = Area(clause.name, clause.role, clause.label_ru, range(0), clause.face, clause.available,
                    clause.available_when, clause.takes, clause.colour, clause.rows,
                    tuple(map(pattern, clause.holds)), _plate(clause.plate), clause.id, looking)
        _new_area(rules, area, clause.piles)
    elif kind == "foundations":
        _add_foundations(rules, clause)
    elif kind == "deal":
        rules.deals.append(tables.Deal(clause.id, clause.to, clause.cards_each, clause.pack))
    elif kind == "flow":
        rules.flows.append(tables.Flow(clause.id, clause.source, tuple(clause.to), clause.when, clause.position))
    elif kind == "build":
        rules.builds[clause.area] = tables.Build(clause.id, clause.area, clause.direction, clause.suit,
                                                 clause.kept, clause.playing_order)
    elif kind == "spaces":
        rules.spaces[clause.area] = tables.Spaces(clause.id, clause.area, clause.fill,
                                                  tuple(clause.source), clause.cards, clause.order)
    elif kind == "deal_row":
        rules.deal_row = tables.DealRow(clause.id, dict(clause.to), clause.when)
    elif kind == "last_pass":
        rules.last_pass = tables.LastPass(clause.id, frozenset(clause.omit))
    elif kind == "redeal":
        rules.redeal = tables.Redeal(clause.id, clause.redeals, tuple(clause.gather), clause.shuffle, clause.when)
    elif kind == "arrangement":
        rules.arrangement = tables.Arrangement(clause.id, clause.source, tuple(clause.stack), clause.positions,
                                               clause.rows, clause.rounds, clause.face)
    elif kind == "deal_by_colour":
        rules.by_colour = tables.DealByColour(clause.id, tuple(clause.to), tuple(clause.overflow))
    elif kind == "exchange":
        # One card at a time, each way: two flows between the foundation groups.
        first, second = clause.between
        rules.flows += [tables.Flow(clause.id, first, (second,)), tables.Flow(clause.id, second, (first,))]
    elif kind == "pair":
        source = (tuple(clause.source[0]), tuple(clause.source[1]))
        rules.pairs.append(tables.Pair(clause.id, source, tuple(clause.to), clause.match, clause.ahead))
    elif kind == "turn_up":
        rules.turn_ups.append(tables.TurnUp(clause.id, tuple(clause.source), tuple(clause.to)))
    elif kind == "players":
        own = tuple(tuple(group) for group in clause.own)
        rules.players = tables.Players(clause.id, clause.count, own, clause.turns)
    elif kind == "won":
        # Nothing to compile: its one condition (all_on_foundations) is the engine's own test
        # (Game.is_won); the clause states it with its passages.
        pass
    else:
        # A programming error, not a spec's: a kind added to the schema without its step here.
        raise NotImplementedError(f"compile: no step for clause kind {kind!r} (clause {clause.id})")


def _add_foundations(rules: Rules, clause: schema.Foundations) -> None:
    area = Area(clause.name, "foundation", clause.label_ru, range(0), plate=_plate(clause.plate), clause=clause.id)
    _new_area(rules, area, clause.piles)
    steps = clause.step if isinstance(clause.step, list) else [clause.step] * clause.piles
    bases = [base for base in clause.base for _ in range(base.count)]
    for pile, base, step in zip(area.piles, bases, steps):
        sequence = foundation_sequence(clause, base.rank, step)
        # Ranks taken out of the packs are passed over (the Empress's black queens).
        sequence = tuple(rank for rank in sequence if rank not in clause.skip or rank == base.rank)
        rules.foundation[pile] = FoundationRule(sequence, clause.suit, pattern(base), clause.placed,
                                                clause.distinct_suits, clause.name, clause.id)


def _check_names(rules: Rules, path, lines: dict[str, int]) -> None:
    """Every area a clause mentions must be declared."""
    def known(name: str, clause) -> None:
        if name not in rules.areas:
            raise DataFileError(path, lines.get(clause.id), f"clause {clause.id!r}: no area named {name!r}")

    for deal in rules.deals:
        known(deal.to, deal)
    for area in rules.areas.values():
        if area.looking and area.looking.spaces_in not in rules.areas:
            raise DataFileError(path, lines.get(area.clause or ""),
                                f"clause {area.clause!r}: looking waits on spaces in no area named "
                                f"{area.looking.spaces_in!r}")
    for flow in rules.flows:
        for name in [flow.source, *flow.to]:
            known(name, flow)
    for name, build in rules.builds.items():
        known(name, build)
    for name, spaces in rules.spaces.items():
        known(name, spaces)
        for source in spaces.source:
            known(source, spaces)
    if rules.deal_row:
        for name in rules.deal_row.to:
            known(name, rules.deal_row)
    if rules.redeal:
        for name in rules.redeal.gather:
            known(name, rules.redeal)
    if rules.arrangement:
        known(rules.arrangement.source, rules.arrangement)
    for table in [rules.by_colour, *rules.pairs, *rules.turn_ups, rules.players]:
        for name in _names(table):
            known(name, table)
    for pair in rules.pairs:
        problem = _ahead_problem(rules, pair)
        if problem:
            raise DataFileError(path, lines.get(pair.id), f"clause {pair.id!r}: {problem}")
    for flow in rules.flows:
        rows = {rules.areas[name].rows for name in [flow.source, *flow.to]}
        if flow.position == "row_ends" and len(rows) > 1:
            raise DataFileError(path, lines.get(flow.id),
                                f"clause {flow.id!r}: 'row_ends' joins areas with different numbers of rows")
        if flow.position == "line_ends":
            problem = line_ends_problem(rules, flow)
            if problem:
                raise DataFileError(path, lines.get(flow.id), f"clause {flow.id!r}: {problem}")


def _ahead_problem(rules: Rules, pair: tables.Pair) -> str | None:
    """Pairing ahead lays a card on a single card of the other group, and a place of two
    cards is a pair laid ahead: the groups' areas must be single cards, built on by nothing."""
    if pair.ahead == "never":
        return None
    single = {deal.to for deal in rules.deals if deal.cards_each == 1}
    single |= set(rules.by_colour.to) if rules.by_colour else set()
    for name in [*pair.source[0], *pair.source[1]]:
        spaces = rules.spaces.get(name)
        if (name in rules.builds or name not in single or rules.areas[name].role == "foundation"
                or (spaces is not None and spaces.cards != 1)):
            return f"pairing ahead needs places of one card each, built on by nothing; {name!r} is not"
    if not all(rules.areas[name].role == "foundation" for name in pair.to):
        return "a pair laid ahead is played to foundations"
    return None


def _names(clause) -> list[str]:
    """The area names a clause of :mod:`patience.rulespec.movement` mentions."""
    if clause is None:
        return []
    if isinstance(clause, tables.DealByColour):
        return [*clause.to, *clause.overflow]
    if isinstance(clause, tables.Pair):
        return [*clause.source[0], *clause.source[1], *clause.to]
    if isinstance(clause, tables.TurnUp):
        return [*clause.source, *clause.to]
    return [name for group in clause.own for name in group]


def rules_from_file(path: Path | str, variant: str | None = None) -> Rules:
    """Compile a spec file that need not live in ``patience/specs`` (for checking drafts)."""
    path = Path(path)
    spec, lines = read_spec(path)
    try:
        clauses = clauses_of(spec, variant)
    except KeyError as error:
        raise DataFileError(path, None, str(error.args[0])) from None
    game_id = f"{spec.game}:{variant}" if variant else spec.game
    return compile_rules(spec, clauses, path, game_id, lines)


def load_rules(game_id: str) -> Rules:
    """The compiled rules of a game or variant, compiled again when its spec file changes."""
    return _load_rules(game_id, *spec_state(game_id))


@cache
def _load_rules(game_id: str, path: Path, mtime_ns: int, size: int) -> Rules:
    spec, lines = read_spec(path)
    variant = variant_of(game_id)
    if variant is not None and variant not in {v.id for v in spec.variants}:
        known = ", ".join(entry.id for entry in games())
        raise KeyError(f"no game {game_id!r}; known games: {known}")
    try:
        clauses = clauses_of(spec, variant)
    except KeyError as error:
        raise DataFileError(path, None, str(error.args[0])) from None
    return compile_rules(spec, clauses, path, game_id, lines)


def load_game(game_id: str) -> Game:
    """The game (``sultan``) or variant (``napoleon:twelve``) with this id.

    Raises ``KeyError`` for an unknown id and ``DataFileError`` for a broken spec.
    A game holds no play state, so one object per id and state of its spec file is shared.
    """
    return _load_game(game_id, *spec_state(game_id))


@cache
def _load_game(game_id: str, path: Path, mtime_ns: int, size: int) -> Game:
    game = Game(_load_rules(game_id, path, mtime_ns, size))
    try:
        game.deal(0)
    except ValueError as error:
        _, lines = read_spec(path)
        raise DataFileError(path, lines.get(getattr(error, "clause", "")), str(error)) from None
    return game
