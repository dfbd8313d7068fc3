"""Games whose foundations wait until every card is placed, with a talon gone through
again as long as each pass places a card (the Zodiac's «Основныхъ картъ не кладутъ до
самого конца игры»): decided exactly by planning the final layout suit by suit, not by
searching the order of the pack.

Three facts of such rules, each checked on the compiled rules by :func:`shape`, reduce
the game to a small problem for each suit (the argument is in ``docs/solver.md``):

1. *The pack is a reservoir.* At the start of every pass each card still to be placed
   lies in the pack, and a pass may place a single card; so any card can be placed at
   any moment its place allows, in any order.
2. *Only the final layout counts.* No card reaches a foundation before every card is
   placed, a packet (пачка) only grows by marriage in suit, and a holding place (the
   equator) holds one card. What the placing decides is the layout at its end: on each
   packet a chain in suit stepping by one, and a card or none on each holding place.
3. *The peel is suit by suit.* Each foundation area has one pile for each suit, so the
   cards of a suit go up from their own packets and holding places onto their own
   foundations. Marrying a held card onto a packet during the peel never helps: the card
   could as well have stayed where it was, free.

For each suit a search backwards from the finished foundations (:class:`SuitPlanner`)
takes the cards off the foundations in the reverse of their order and lays each on a
packet, as the packet's next card by marriage (or its own dealt card), or on a holding
place; so it builds the final layout and its peel at once, and finds the fewest holding
places the suit needs. The deal is won exactly when the suits' needs fit the holding
places; the plan is then played out card by card through the engine.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from patience.cards import rank_of, suit_of
from patience.engine.game import Game
from patience.engine.rules import STOCK
from patience.engine.state import Move, State, card_move

INFEASIBLE = 10**6
STEPS = {"up": (1,), "down": (-1,), "either": (-1, 1)}


@dataclass(frozen=True)
class Shape:
    """What the plan reads from the rules."""

    packets: tuple[int, ...]  # piles built on by marriage in suit (the zodiac)
    steps: tuple[int, ...]  # the rank differences a marriage allows
    holders: tuple[int, ...]  # piles holding one card each (the equator)
    release: bool  # held cards may be married onto the packets
    refill: bool  # an empty holding place takes a card from the pack or talon
    reservoir: tuple[int, ...]  # the stock and the talons
    areas: tuple[tuple[range, tuple[int, ...]], ...]  # foundation areas: piles (one a suit), sequence


def reasons(game: Game) -> list[str]:
    """Why the plan does not apply to this game (empty: it does)."""
    return _shape(game)[1]


def shape(game: Game) -> Shape | None:
    return _shape(game)[0]


@lru_cache(maxsize=64)
def _shape(game: Game) -> tuple[Shape | None, list[str]]:
    rules, why = game.rules, []
    if rules.players or rules.pairs or rules.turn_ups or rules.by_colour or rules.deal_row or rules.take_out:
        why.append("the game deals rows, pairs cards, turns packets up, sets cards aside or has partners")
    redeal, talons = rules.redeal, {name for name, area in rules.areas.items() if area.role == "talon"}
    if not (redeal and redeal.redeals == "unlimited" and not redeal.shuffle and redeal.when == "stock_empty"
            and set(redeal.gather) == talons and talons):
        why.append("the talon is not gone through again without limit, unshuffled, once the pack is out")
    if any(rules.areas[name].takes != "any" for name in talons):
        why.append("a talon does not take every card")
    foundations = {name for name, area in rules.areas.items() if area.role == "foundation"}
    tableau = {name for name, area in rules.areas.items() if area.role == "tableau"}
    packets = {name for name in tableau if name in rules.builds}
    holders = tableau - packets
    targets: dict[str, set[str]] = {"stock": set(), **{name: set() for name in talons | tableau | foundations}}
    for flow in rules.flows:
        if flow.position != "any" or flow.source not in targets:
            why.append(f"cards flow from {flow.source} to chosen places only")
            continue
        to = set(flow.to)
        if to & foundations and (flow.when != "all_placed" or not to <= foundations or flow.source not in tableau):
            why.append("a card may reach a foundation before every card is placed")
        targets[flow.source] |= to
    placed_from_pack = targets["stock"] - talons
    if not talons <= targets["stock"] or any(targets[name] != placed_from_pack for name in talons):
        why.append("the talon does not take every card of the pack and give it wherever the pack could")
    if any(targets[name] - foundations for name in packets) or any(targets[name] - foundations - packets
                                                                    for name in holders):
        why.append("cards leave the packets, or the holding places, for other places than the foundations")
    builds = {rules.builds[name] for name in packets}
    if len({(b.direction, b.suit, b.kept, b.playing_order) for b in builds}) > 1 or any(
            b.suit != "same" or b.kept or b.playing_order or b.direction not in STEPS for b in builds):
        why.append("marriage is not one rule in suit, stepping by one")
    for name in tableau | talons:
        area = rules.areas[name]
        spaces = rules.spaces.get(name)
        if area.face != "up" or area.available != "top" or area.colour is not None:
            why.append(f"the {name} is not played face up from its top")
        if spaces is not None and (spaces.fill != "at_will" or not set(spaces.source) <= talons | {"stock"}):
            why.append(f"the {name}'s spaces are filled otherwise than at will from the pack or talon")
    areas = []
    for name in sorted(foundations, key=lambda n: rules.areas[n].piles.start):
        piles = rules.areas[name].piles
        rule = rules.foundation[piles.start]
        if not (len(piles) == 4 and rule.distinct_suits and rule.suit == "follow" and rule.placed == "as_they_appear"
                and rule.base.suit is None and rule.base.colour is None):
            why.append(f"the {name} is not one pile of each suit, built in suit as the cards come")
        areas.append((piles, rule.sequence))
    ranks = Counter(rank for _, sequence in areas for rank in sequence)
    if ranks != Counter({rank: rules.packs for rank in range(1, 14)}):
        why.append("the foundations of a suit do not take its cards once each")
    if why:
        return None, why
    steps = STEPS[next(iter(builds)).direction] if builds else (-1, 1)
    holder_piles = tuple(p for name in sorted(holders) for p in rules.areas[name].piles)
    refill = all(name in rules.spaces for name in holders)
    return Shape(
        packets=tuple(p for name in sorted(packets) for p in rules.areas[name].piles), steps=steps,
        holders=holder_piles, release=bool(holders) and all(targets[name] & packets for name in holders),
        refill=refill, reservoir=(STOCK, *(p for name in sorted(talons) for p in rules.areas[name].piles)),
        areas=tuple(areas)), []


@dataclass
class Plan:
    """The outcome: the holding places the suits need (``need``), those there are
    (``capacity``), the positions of the backward searches, and, when won, the moves."""

    need: int
    capacity: int
    nodes: int
    line: list[Move]


def decide(game: Game, state: State) -> Plan | None:
    """The plan for ``state`` (not changed), or None where this method does not apply:
    the rules, or a position in the middle of a pass that has yet to place a card."""
    form = shape(game)
    if form is None:
        return None
    piles = state.piles
    reservoir = [card for pile in form.reservoir for card in piles[pile]]
    if reservoir and state.passes > 1:
        index = game.index(state)
        if index.gathered and index.gathered[-1] <= len(reservoir):
            return None  # this pass must still place a card from what is left of it
    if any(not piles[p] or len({suit_of(c) for c in piles[p]}) > 1 for p in form.packets):
        return None
    if any(len(piles[p]) > 1 for p in form.holders):
        return None
    held = [piles[p][0] for p in form.holders if piles[p]]
    movable = bool(reservoir) and form.release and form.refill
    if reservoir and form.release and not form.refill:
        return None  # held cards could leave, but nothing could take their places: not modelled
    fixed = [] if movable else held
    free = reservoir + (held if movable else [])
    if movable:
        capacity = len(form.holders)
    else:
        capacity = sum(1 for p in form.holders if not piles[p]) if reservoir and form.refill else 0
    planners = [SuitPlanner(form, state, suit, fixed, free) for suit in range(4)]
    need = 0
    for planner in planners:
        need += planner.cost()
        if need > capacity:
            return Plan(need, capacity, sum(p.nodes for p in planners), [])
    line = realize(game, state, form, planners, movable)
    return Plan(need, capacity, sum(p.nodes for p in planners), line)


class SuitPlanner:
    """The backward search for one suit. A state is the cards taken back from each
    foundation area, the packets (each waiting for its own cards, bottom first, or
    showing a top rank), and the cards of each rank still to be laid out: ``free``
    (from the pack, the talon, or a holding place that may be emptied) or ``fixed`` (on a
    holding place for good). Its value is the fewest free cards that must end on holding
    places for the rest to be laid out and peeled."""

    def __init__(self, form: Shape, state: State, suit: int, fixed: list[int], free: list[int]):
        self.steps = form.steps
        self.suit = suit
        self.areas = []  # (the ranks to take back, in that order)
        for piles, sequence in form.areas:
            up = next((len(state.piles[p]) for p in piles if state.piles[p] and suit_of(state.piles[p][0]) == suit), 0)
            self.areas.append(tuple(reversed(sequence[up:])))
        self.packets = [p for p in form.packets if suit_of(state.piles[p][0]) == suit]
        self.start = tuple((tuple(rank_of(c) for c in state.piles[p]), 0, 0) for p in self.packets)
        self.fixed = _ranks(fixed, suit)
        self.free = _ranks(free, suit)
        self.memo: dict[tuple, int] = {}
        self.nodes = 0

    def cost(self) -> int:
        return self.value((0,) * len(self.areas), tuple(sorted(self.start)), self.free, self.fixed)

    def value(self, taken: tuple, packets: tuple, free: tuple, fixed: tuple) -> int:
        key = (taken, packets, free, fixed)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        best = INFEASIBLE
        if all(t == len(ranks) for t, ranks in zip(taken, self.areas)):
            best = 0 if all(k == len(prefix) for prefix, k, _ in packets) else INFEASIBLE
        for cost, next_taken, next_packets, next_free, next_fixed, _ in self.moves(taken, packets, free, fixed):
            if cost < best:
                best = min(best, cost + self.value(next_taken, next_packets, next_free, next_fixed))
        self.memo[key] = best
        return best

    def moves(self, taken: tuple, packets: tuple, free: tuple, fixed: tuple):
        """Each way to take back the next card of an area and lay it out: (cost, the next
        state, what was done: ``("packet", i)`` or ``("hold", None)``); packets in order."""
        for area, ranks in enumerate(self.areas):
            if taken[area] == len(ranks):
                continue
            rank = ranks[taken[area]]
            next_taken = taken[:area] + (taken[area] + 1,) + taken[area + 1:]
            tried = set()
            for i, (prefix, k, top) in enumerate(packets):
                if (prefix, k, top) in tried:
                    continue  # packets alike: one of them is enough
                tried.add((prefix, k, top))
                if k < len(prefix):
                    if prefix[k] != rank:
                        continue
                    packet = ((), 0, rank) if k + 1 == len(prefix) else (prefix, k + 1, 0)
                    yield 0, next_taken, _replaced(packets, i, packet), free, fixed, ("packet", i)
                elif free[rank] and rank - top in self.steps:
                    yield 0, next_taken, _replaced(packets, i, ((), 0, rank)), _less(free, rank), fixed, ("packet", i)
            if fixed[rank]:
                yield 0, next_taken, packets, free, _less(fixed, rank), ("hold", None)
            elif free[rank]:
                yield 1, next_taken, packets, _less(free, rank), fixed, ("hold", None)

    def plan(self) -> tuple[list[tuple[int, int, tuple]], dict[int, list[int]], list[int]]:
        """The peel (area, rank, source: ``("packet", pile)`` or ``("hold", None)``) in playing
        order, the ranks each packet pile is to be married, in order, and the free ranks
        that end on holding places. Follows the memo from the start along a best line."""
        taken, free, fixed = (0,) * len(self.areas), self.free, self.fixed
        packets = list(zip(self.start, self.packets))  # each packet's state with its pile
        marriages: dict[int, list[int]] = {pile: [] for pile in self.packets}
        peel, held = [], []
        remaining = self.cost()
        while not all(t == len(ranks) for t, ranks in zip(taken, self.areas)):
            ordered = sorted(packets)
            cost, next_taken, next_packets, next_free, next_fixed, (what, i) = next(
                step for step in self.moves(taken, tuple(state for state, _ in ordered), free, fixed)
                if step[0] + self.value(*step[1:5]) == remaining)
            area = next(a for a in range(len(taken)) if next_taken[a] != taken[a])
            rank = self.areas[area][taken[area]]
            if what == "packet":
                state, pile = ordered[i]
                packets[packets.index(ordered[i])] = (_after(state, rank), pile)
                if state[1] == len(state[0]):  # past its own cards: a card married on
                    marriages[pile].append(rank)
                peel.append((area, rank, ("packet", pile)))
            else:
                if next_free != free:
                    held.append(rank)
                peel.append((area, rank, ("hold", None)))
            remaining -= cost
            taken, free, fixed = next_taken, next_free, next_fixed
        return peel[::-1], marriages, held


def _after(packet: tuple, rank: int) -> tuple:
    prefix, k, _ = packet
    if k < len(prefix):
        return ((), 0, rank) if k + 1 == len(prefix) else (prefix, k + 1, 0)
    return ((), 0, rank)


def _ranks(cards: list[int], suit: int) -> tuple[int, ...]:
    """How many of ``cards`` of ``suit`` there are of each rank (index 1..13)."""
    counts = [0] * 14
    for card in cards:
        if suit_of(card) == suit:
            counts[rank_of(card)] += 1
    return tuple(counts)


def _replaced(packets: tuple, i: int, packet: tuple) -> tuple:
    return tuple(sorted(packets[:i] + (packet,) + packets[i + 1:]))


def _less(counts: tuple, rank: int) -> tuple:
    return counts[:rank] + (counts[rank] - 1,) + counts[rank + 1:]


def realize(game: Game, state: State, form: Shape, planners: list[SuitPlanner], movable: bool) -> list[Move]:
    """The moves that lay the planned layout out and peel it, played on a copy of ``state``
    (``movable``: the held cards are free, else they stay where they are)."""
    board = state.copy()
    line: list[Move] = []
    marriages: dict[int, list[tuple[int, int]]] = {}
    kept = Counter(_identity(board.piles[p][-1]) for p in form.holders if board.piles[p] and not movable)
    peels = []
    for planner in planners:
        peel, married, held = planner.plan()
        for pile, ranks in married.items():
            marriages[pile] = [(planner.suit, rank) for rank in ranks]
        kept.update((planner.suit, rank) for rank in held)
        peels.append((planner.suit, peel))
    Layout(game, board, form, marriages, kept, line).lay_out()
    for suit, peel in peels:
        for area, rank, (source, pile) in peel:
            if source == "hold":
                pile = next(p for p in form.holders if board.piles[p] and _identity(board.piles[p][-1]) == (suit, rank))
            card = board.piles[pile][-1]
            assert _identity(card) == (suit, rank), "the peel follows the plan"
            piles, _ = form.areas[area]
            own = [p for p in piles if board.piles[p] and suit_of(board.piles[p][0]) == suit]
            target = own[0] if own else next(p for p in piles if not board.piles[p])
            _play(game, board, line, card_move(card, pile, target))
    return line


def _identity(card: int) -> tuple[int, int]:
    return suit_of(card), rank_of(card)


def _play(game: Game, board: State, line: list[Move], move: Move) -> None:
    game.apply(board, move)
    line.append(move)


class Layout:
    """Plays the placing: pass after pass through the pack, each card married where its
    packet wants it next, laid on a holding place the plan keeps it on, or put on the talon."""

    def __init__(self, game: Game, board: State, form: Shape, marriages: dict, kept: Counter, line: list):
        self.game, self.board, self.form, self.line = game, board, form, line
        self.wanted = {pile: list(reversed(ranks)) for pile, ranks in marriages.items()}  # the next one last
        self.kept = kept  # how many cards of each (suit, rank) end on the holding places

    def lay_out(self) -> None:
        board, talons = self.board, self.form.reservoir[1:]
        while True:
            self.from_holders_and_talons(talons)
            if board.piles[STOCK]:
                card = board.piles[STOCK][-1]
                if not self.place(card, STOCK):
                    _play(self.game, board, self.line, card_move(card, STOCK, talons[0]))
            elif any(board.piles[t] for t in talons):
                _play(self.game, board, self.line, Move("redeal"))
            else:
                return

    def from_holders_and_talons(self, talons: tuple[int, ...]) -> None:
        moved = True
        while moved:
            moved = False
            for pile in self.form.holders:
                cards = self.board.piles[pile]
                if cards and self.held(_identity(cards[-1])) > self.kept[_identity(cards[-1])]:
                    moved = self.marry(cards[-1], pile) or moved
            for talon in talons:
                if self.board.piles[talon]:
                    moved = self.place(self.board.piles[talon][-1], talon) or moved

    def held(self, identity: tuple[int, int]) -> int:
        return sum(1 for p in self.form.holders if self.board.piles[p] and _identity(self.board.piles[p][-1]) == identity)

    def place(self, card: int, source: int) -> bool:
        if self.marry(card, source):
            return True
        identity = _identity(card)
        if self.held(identity) < self.kept[identity]:
            empty = next((p for p in self.form.holders if not self.board.piles[p]), None)
            if empty is not None:
                if source == STOCK:  # a space may take the pack's card only with no talon: by way of the talon
                    talon = self.form.reservoir[1]
                    _play(self.game, self.board, self.line, card_move(card, STOCK, talon))
                    source = talon
                _play(self.game, self.board, self.line, card_move(card, source, empty))
                return True
        return False

    def marry(self, card: int, source: int) -> bool:
        identity = _identity(card)
        for pile, wanted in self.wanted.items():
            if wanted and wanted[-1] == identity:
                wanted.pop()
                _play(self.game, self.board, self.line, card_move(card, source, pile))
                return True
        return False
