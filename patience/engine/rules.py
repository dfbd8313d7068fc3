"""The tables the engine plays from: a spec's clauses, compiled (:mod:`patience.rulespec.compile`).

Piles are numbered once: the stock (колода) is pile 0, then the piles of every
area and foundation in the order the spec declares them. Foundations carry their
full rank sequence, so that "what does this foundation need next" is a list lookup.

Everything here is a plain dataclass of the standard library, so that the engine
runs where pydantic and YAML do not (in the browser, under Pyodide). The tables
keep the id of the clause each entry comes from, so that a move can be explained
by its clauses (:meth:`Game.reasons`). :meth:`Rules.to_data` and
:meth:`Rules.from_data` carry them through JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Protocol

from patience.cards import is_red, parse_suit, rank_of, suit_of

if TYPE_CHECKING:
    from patience.engine.index import MoveIndex

STOCK = 0


@dataclass(frozen=True)
class Pattern:
    """Cards described by rank and, optionally, suit (as the spec writes it) or colour."""

    rank: int
    suit: str | None = None
    colour: str | None = None  # red | black
    count: int = 1


@dataclass(frozen=True)
class Plate:
    """How the piles of an area sit on the (lost) plate: for redrawing it."""

    shape: str
    groups: int
    per_group: int
    place: str


@dataclass(frozen=True)
class Looking:
    """What the player may see of an area's packets beneath their top cards: nothing,
    unless the area ``spaces_in`` has an empty place; then every card (``all``), or as
    many cards beneath the top as there are empty places there (``per_space``). Read by
    :mod:`patience.engine.looking`."""

    spaces_in: str
    cards: str  # all | per_space


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
    colour: str | None = None  # red | black: the area takes cards of that colour only
    rows: int = 1
    holds: tuple[Pattern, ...] = ()
    plate: Plate | None = None
    clause: str | None = None  # the declaring clause's id; None for the stock
    looking: Looking | None = None  # None: every card of a face-up pile is seen


@dataclass(frozen=True)
class FoundationRule:
    """What one foundation accepts: its rank sequence and its suit rule."""

    sequence: tuple[int, ...]
    suit: str  # follow | any
    base: Pattern
    placed: str  # at_start | as_they_appear
    distinct_suits: bool
    area: str
    clause: str


@dataclass(frozen=True)
class Deal:
    id: str
    to: str
    cards_each: int
    pack: int | None = None


@dataclass(frozen=True)
class Flow:
    """Cards may go from the top (or anywhere) of ``source`` to the piles of ``to``."""

    id: str  # a flow clause, or the exchange clause it comes from
    source: str
    to: tuple[str, ...]
    when: str = "always"  # always | stock_empty | all_placed | no_other_move
    position: str = "any"  # any | row_ends


@dataclass(frozen=True)
class Build:
    """Marriage (марьяжъ): how cards go on a packet of ``area``."""

    id: str
    area: str
    direction: str  # up | down | either | by_colour
    suit: str  # same | any | alternate
    kept: bool = False
    playing_order: bool = False


@dataclass(frozen=True)
class Spaces:
    id: str
    area: str
    fill: str  # immediately | at_will | next_row | compulsory
    source: tuple[str, ...] = ()
    cards: int = 1
    order: str = "any"  # any | in_turn: a source only when those before it in ``source`` are empty


class _Table(Protocol):
    """Any table compiled from one clause: it keeps the clause's id."""

    @property
    def id(self) -> str: ...


@dataclass(frozen=True)
class DealRow:
    id: str
    to: dict[str, int]
    when: str = "at_will"  # at_will | nothing_to_play


@dataclass(frozen=True)
class Redeal:
    id: str
    redeals: int | str  # a number, or "unlimited"
    gather: tuple[str, ...] = ()
    shuffle: bool = False
    when: str = "stock_empty"  # stock_empty | no_other_move

    @property
    def limit(self) -> int | None:
        """How many redeals the game allows, or ``None`` when it allows them without end."""
        return None if isinstance(self.redeals, str) else self.redeals


@dataclass(frozen=True)
class Arrangement:
    id: str
    source: str
    stack: tuple[int, ...]
    positions: int
    rows: int
    rounds: int
    face: str


@dataclass(frozen=True)
class DealByColour:
    id: str
    to: tuple[str, ...]
    overflow: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pair:
    id: str
    source: tuple[tuple[str, ...], tuple[str, ...]]
    to: tuple[str, ...]
    match: str  # any | same_card | same_rank
    ahead: str = "never"  # never | when_no_pair: a card may be laid on its partner before both are played


@dataclass(frozen=True)
class TurnUp:
    id: str
    source: tuple[str, ...]
    to: tuple[str, ...]


@dataclass(frozen=True)
class Players:
    id: str
    count: int
    own: tuple[tuple[str, ...], ...]
    turns: str


@dataclass(frozen=True)
class TakeOut:
    id: str
    cards: tuple[Pattern, ...]


@dataclass(frozen=True)
class LastPass:
    id: str
    omit: frozenset[str]


@dataclass
class Rules:
    """A game's compiled tables. ``spec``, ``clauses``, ``claims`` and ``lines`` (each
    clause's line in the spec file) are the spec objects they were compiled from, kept for readers of the spec; they are not part of
    :meth:`to_data` and are ``None`` / empty in rules read back by :meth:`from_data`."""

    game: str
    title: str = ""
    title_ru: str | None = None
    playable: bool = True
    packs: int = 1
    areas: dict[str, Area] = field(default_factory=dict)
    pile_area: list[str] = field(default_factory=list)
    foundation: dict[int, FoundationRule] = field(default_factory=dict)
    take_out: list[TakeOut] = field(default_factory=list)
    deals: list[Deal] = field(default_factory=list)
    flows: list[Flow] = field(default_factory=list)
    builds: dict[str, Build] = field(default_factory=dict)
    spaces: dict[str, Spaces] = field(default_factory=dict)
    deal_row: DealRow | None = None
    last_pass: LastPass | None = None
    redeal: Redeal | None = None
    arrangement: Arrangement | None = None
    by_colour: DealByColour | None = None
    pairs: list[Pair] = field(default_factory=list)
    turn_ups: list[TurnUp] = field(default_factory=list)
    players: Players | None = None
    spec: object = field(default=None, compare=False, repr=False)
    clauses: list = field(default_factory=list, compare=False, repr=False)
    claims: list = field(default_factory=list, compare=False, repr=False)
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    @property
    def last_pass_omit(self) -> frozenset[str]:
        return self.last_pass.omit if self.last_pass else frozenset()

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

    def clause_ids(self) -> set[str]:
        """Every clause id the tables keep (what :meth:`Game.reasons` may name)."""
        ids = {area.clause for area in self.areas.values() if area.clause}
        ids |= {rule.clause for rule in self.foundation.values()}
        singles: list[_Table | None] = [self.deal_row, self.last_pass, self.redeal, self.arrangement,
                                        self.by_colour, self.players]
        many: list[_Table] = [*self.take_out, *self.deals, *self.flows, *self.builds.values(),
                              *self.spaces.values(), *self.pairs, *self.turn_ups]
        return ids | {entry.id for entry in [*singles, *many] if entry is not None}

    # -- JSON --------------------------------------------------------------------------------
    def to_data(self) -> dict:
        """The tables as JSON-ready data (lists, dicts, strings, numbers)."""
        return {f.name: _encode(getattr(self, f.name)) for f in fields(self) if f.compare}

    @classmethod
    def from_data(cls, data: dict) -> Rules:
        """The tables :meth:`to_data` wrote."""
        return cls(
            game=data["game"], title=data["title"], title_ru=data["title_ru"], playable=data["playable"],
            packs=data["packs"],
            areas={name: _area(entry) for name, entry in data["areas"].items()},
            pile_area=list(data["pile_area"]),
            foundation={int(pile): _foundation(entry) for pile, entry in data["foundation"].items()},
            take_out=[TakeOut(e["id"], tuple(Pattern(**p) for p in e["cards"])) for e in data["take_out"]],
            deals=[Deal(**e) for e in data["deals"]],
            flows=[_tupled(Flow, e) for e in data["flows"]],
            builds={name: Build(**e) for name, e in data["builds"].items()},
            spaces={name: _tupled(Spaces, e) for name, e in data["spaces"].items()},
            deal_row=_optional(DealRow, data["deal_row"]),
            last_pass=_optional(LastPass, data["last_pass"]),
            redeal=_optional(Redeal, data["redeal"]),
            arrangement=_optional(Arrangement, data["arrangement"]),
            by_colour=_optional(DealByColour, data["by_colour"]),
            pairs=[_tupled(Pair, e) for e in data["pairs"]],
            turn_ups=[_tupled(TurnUp, e) for e in data["turn_ups"]],
            players=_optional(Players, data["players"]),
        )


def _encode(value):
    if isinstance(value, range):
        return [value.start, value.stop]
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, (list, tuple)):
        return [_encode(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _encode(item) for key, item in value.items()}
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _encode(getattr(value, f.name)) for f in fields(value)}
    return value


def _tuple(value):
    """JSON lists back to (nested) tuples."""
    return tuple(_tuple(item) for item in value) if isinstance(value, list) else value


def _tupled(cls, entry: dict):
    return cls(**{key: _tuple(value) for key, value in entry.items()})


def _optional(cls, entry: dict | None):
    if entry is None:
        return None
    if cls is LastPass:
        return LastPass(entry["id"], frozenset(entry["omit"]))
    return _tupled(cls, entry)


def _area(entry: dict) -> Area:
    start, stop = entry["piles"]
    plate = Plate(**entry["plate"]) if entry["plate"] else None
    holds = tuple(Pattern(**p) for p in entry["holds"])
    looking = Looking(**entry["looking"]) if entry.get("looking") else None
    return Area(**{**entry, "piles": range(start, stop), "plate": plate, "holds": holds, "looking": looking})


def _foundation(entry: dict) -> FoundationRule:
    return FoundationRule(**{**entry, "sequence": tuple(entry["sequence"]), "base": Pattern(**entry["base"])})


def matches(pattern: Pattern, card: int) -> bool:
    """Whether ``card`` fits ``pattern`` (anything with ``rank``, ``suit`` and ``colour``)."""
    if rank_of(card) != pattern.rank:
        return False
    if pattern.suit is not None and suit_of(card) != parse_suit(pattern.suit):
        return False
    if pattern.colour is not None and is_red(card) != (pattern.colour == "red"):
        return False
    return True


def progress_since_redeal(index: MoveIndex, gathered_now: int) -> bool:
    """With unlimited redeals, another is allowed only if the last pass placed a card:
    fewer cards are to be gathered now than the last redeal gathered (the Zodiac's
    «до тѣхъ поръ пока всѣ карты попадутъ …; если этого нельзя сдѣлать» ends the game)."""
    return not index.gathered or gathered_now < index.gathered[-1]
