"""A playable game: deal a numbered deal, list legal moves, apply, undo, won/blocked.

The engine knows no game by name. Everything a game does comes from its spec's
clauses, compiled by :mod:`patience.engine.rules` into areas, flows (which area
may feed which), acceptance rules (foundation sequences, building, spaces) and
the named actions ``deal_row`` and ``redeal``.
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from patience.cards import card_name, full_deck, is_red, parse_card, rank_of, suit_of
from patience.engine import actions, compulsory, explain, rng, rows
from patience.engine.index import MoveIndex, Taker
from patience.engine.rules import STOCK, Pattern, Rules, matches, progress_since_redeal
from patience.engine.state import IllegalMove, Move, State, card_move, replace, reverse, set_passes, transfer


class Route(NamedTuple):
    """A flow as played: from ``sources`` (piles of area ``source``) to ``targets``.
    A ``row_ends`` flow is one route per row; ``reach`` is every pile of its target areas."""

    source: str
    sources: range
    any_card: bool
    condition: str  # always | stock_empty | all_placed | no_other_move
    targets: list[int]
    clause: str
    reach: frozenset[int]
    target_order: dict[int, int]  # pile → its place among the targets, for the order of moves
    may_open: frozenset[int]  # the targets that may take any card from this source (see index.OPEN)


DEAL_ROW = Move("deal_row")
REDEAL = Move("redeal")
IN_PLAY = ("stock", "talon", "tableau", "reserve")



class DealError(ValueError):
    """A spec whose deal cannot be made; ``clause`` is the id of the clause at fault."""

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(message)
        self.clause = clause


class Game:
    """The rules of one game (or variant) as the engine plays them."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.id = rules.game
        self.spec = rules.spec
        self.routes = [route for flow in rules.flows for route in self._routes(flow)]
        self.waiting = frozenset(number for number, route in enumerate(self.routes)
                                 if route.condition == "no_other_move")  # the pack, once nothing else moves
        self._auto_fill = [  # (area, donor piles in order, cards each space takes)
            (rules.areas[name], [p for source in spaces.source for p in rules.areas[source].piles], spaces.cards)
            for name, spaces in rules.spaces.items() if spaces.fill == "immediately"
        ]
        compulsory_areas = [rules.areas[name].piles for name, spaces in rules.spaces.items()
                            if spaces.fill == "compulsory"]  # spaces filled at once, at the player's choice
        self.compulsory = frozenset(pile for piles in compulsory_areas for pile in piles)
        self.compulsory_piles = _getter(sorted(self.compulsory))  # their cards, at C speed: is any empty?
        self._auto_fill_piles = _getter([pile for area, _, _ in self._auto_fill for pile in area.piles])
        self._in_play = [p for p, name in enumerate(rules.pile_area) if rules.areas[name].role in IN_PLAY]
        self._talons = rules.piles_of("talon")
        self.total_cards = 52 * rules.packs
        self.takers = [self._taker(pile) for pile in range(len(rules.pile_area))]
        self.roles = [rules.role(pile) for pile in range(len(rules.pile_area))]
        self.pile_area = rules.pile_area
        self.pair_plans = [actions.PairPlan(rules, clause) for clause in rules.pairs]
        self.turn_up_places = actions.turn_up_places(rules)
        self.area_of = [rules.areas[name] for name in rules.pile_area]
        self.looking_piles = [pile for pile, area in enumerate(self.area_of) if area.looking]  # see engine.looking
        self.fills_from = [self._fills_from(pile) for pile in range(len(rules.pile_area))]
        self.owners = [actions.owner(rules, pile) for pile in range(len(rules.pile_area))]
        self.target_places = [[(number, route.target_order[pile]) for number, route in enumerate(self.routes)
                               if pile in route.target_order] for pile in range(len(rules.pile_area))]
        top_only = [number for number, route in enumerate(self.routes) if not route.any_card]
        self.source_places = [[(number, pile - self.routes[number].sources.start) for number in top_only
                               if pile in self.routes[number].sources] for pile in range(len(rules.pile_area))]
        self.top_target_places = [[(number, place) for number, place in places if number in top_only]
                                  for places in self.target_places]
        self.open_places = [[(number, route.target_order[pile]) for number, route in enumerate(self.routes)
                             if pile in route.may_open] for pile in range(len(rules.pile_area))]
        self.exact = [self._exact(pile) for pile in range(len(rules.pile_area))]
        self.free = [self._free(pile) for pile in range(len(rules.pile_area))]
        self.reach = {name: {pile for route in self.routes if route.source == name for pile in route.targets}
                      for name in rules.areas}  # the piles each area's cards may go to
        self.watchers = [[number for number, route in enumerate(self.routes) if pile in self._watched(route)]
                         for pile in range(len(rules.pile_area))]  # pile → the routes whose moves read it

    # -- dealing ---------------------------------------------------------------------------
    def deal(self, number: int) -> State:
        """Deal number ``number`` (a non-negative integer): the same on every machine."""
        if number < 0:
            raise ValueError("deal numbers are non-negative integers")
        key = f"{self.id}:{number}"
        deck = rng.shuffle(full_deck(self.rules.packs), key)
        taken = self._take_out(deck)
        piles: list[list[int]] = [[] for _ in self.rules.pile_area]
        self._place_taken(piles, taken)
        position = 0
        for clause in self.rules.deals:
            if clause.pack is not None:  # each player's own pack (Sympathie)
                own = [c for c in deck[position:] if c // 52 == clause.pack - 1]
                deck[position:] = own + [c for c in deck[position:] if c // 52 != clause.pack - 1]
            for pile in self.rules.areas[clause.to].piles:
                if position + clause.cards_each > len(deck):  # never a deal silently cut short
                    raise DealError(clause.id, f"{self.id}: deal {clause.id!r} needs more cards than "
                                    f"{self.rules.packs} pack{'s' if self.rules.packs > 1 else ''} hold")
                piles[pile].extend(deck[position:position + clause.cards_each])
                position += clause.cards_each
        if self.rules.by_colour:
            position = actions.deal_by_colour(self.rules, deck, position, piles)
        piles[STOCK] = deck[position:][::-1]
        return State(piles, key)

    def _take_out(self, deck: list[int]) -> list[int]:
        taken = []
        for pattern in (card for clause in self.rules.take_out for card in clause.cards):
            found = [card for card in deck if matches(pattern, card)][:pattern.count]
            if len(found) < pattern.count:
                raise ValueError(f"{self.id}: the pack has too few cards for take_out {pattern}")
            for card in found:
                deck.remove(card)
            taken.extend(found)
        return taken

    def _place_taken(self, piles: list[list[int]], taken: list[int]) -> None:
        """Put the cards taken out where the spec says: asides and preset foundations."""
        wanted: list[tuple[int, Pattern]] = []
        for area in self.rules.areas.values():
            if area.role == "aside":
                for pattern in area.holds:
                    wanted += [(area.piles[0], pattern)] * pattern.count
        for pile, rule in self.rules.foundation.items():
            if rule.placed == "at_start":
                wanted.append((pile, rule.base))
        for pile, pattern in wanted:
            card = next((c for c in taken if matches(pattern, c)), None)
            if card is None:
                raise ValueError(f"{self.id}: no card taken out fits {self.rules.pile_name(pile)}")
            taken.remove(card)
            piles[pile].append(card)
        if taken:
            names = ", ".join(card_name(c) for c in taken)
            raise ValueError(f"{self.id}: cards taken out but given no place: {names}")

    # -- legal moves ----------------------------------------------------------------------
    def _routes(self, flow) -> list[Route]:
        """A ``row_ends`` flow becomes one route per row: row *i* of the source feeds only
        the two end piles of row *i* of each target (the Besieged City's «по концамъ … той линіи»)."""
        source = self.rules.areas[flow.source]
        condition = "stock_empty" if source.available_when == "stock_empty" else flow.when
        reach = frozenset(pile for name in flow.to for pile in self.rules.areas[name].piles)
        if flow.position == "row_ends":
            pairs = rows.row_ends(self.rules, flow)
        elif flow.position == "line_ends":
            pairs = rows.line_ends(self.rules, flow)
        else:
            pairs = [(source.piles, [pile for name in flow.to for pile in self.rules.areas[name].piles])]
        return [Route(flow.source, sources, source.available == "any", condition, targets, flow.id, reach,
                      {pile: place for place, pile in enumerate(targets)},
                      frozenset(pile for pile in targets if self._may_open(pile, flow.source)))
                for sources, targets in pairs]

    def _may_open(self, pile: int, source_area: str) -> bool:
        """Whether ``pile`` may take any card from ``source_area``: a talon, or a space
        filled at will from that area."""
        area = self.rules.areas[self.rules.pile_area[pile]]
        spaces = self.rules.spaces.get(area.name)
        return area.role == "talon" or (spaces is not None and spaces.fill in ("at_will", "compulsory")
                                        and source_area in spaces.source)

    def _taker(self, pile: int) -> Taker:
        """How ``pile`` takes cards (see :mod:`patience.engine.index`)."""
        area = self.rules.areas[self.rules.pile_area[pile]]
        if area.role == "foundation":
            return Taker(foundation=self.rules.foundation[pile])
        spaces = self.rules.spaces.get(area.name)
        return Taker(build=self.rules.builds.get(area.name), always_open=area.role == "talon",
                     open_when_empty=spaces is not None and spaces.fill in ("at_will", "compulsory"))

    def _fills_from(self, pile: int) -> dict[str, tuple[int, ...]]:
        """The areas whose cards may fill ``pile`` when it is empty (spaces filled by choice),
        each with the piles that must then be empty: with ``order: in_turn``, those of the
        sources before it (the Zodiac's «изъ талона, или, если нѣтъ талона, то изъ колоды»)."""
        spaces = self.rules.spaces.get(self.rules.pile_area[pile])
        if spaces is None or spaces.fill not in ("at_will", "compulsory"):
            return {}
        before: tuple[int, ...] = ()
        found = {}
        for name in spaces.source:
            found[name] = before if spaces.order == "in_turn" else ()
            before += tuple(self.rules.areas[name].piles)
        return found

    def _exact(self, pile: int) -> bool:
        """Whether, when the pile holds cards, it takes exactly the cards it wants (see
        :mod:`patience.engine.index`): a foundation, or a packet built on by marriage that
        need not keep its direction and takes cards of any colour."""
        area = self.rules.areas[self.rules.pile_area[pile]]
        if area.role == "foundation":
            return True
        build = self.rules.builds.get(area.name)
        return area.role != "talon" and build is not None and not build.kept and area.colour is None

    def _free(self, pile: int) -> bool:
        """Whether, when empty, the pile takes any card from the areas it may be filled from
        (a space filled at will, of no colour): such a target, open, is taken unasked."""
        taker, area = self.takers[pile], self.area_of[pile]
        in_turn = any(self.fills_from[pile].values())
        return taker.open_when_empty and not taker.always_open and area.colour is None and not in_turn

    def _watched(self, route: Route) -> set[int]:
        """The piles whose cards a route's moves depend on, so that its moves, once listed, are
        listed again only when one of them changes: its sources and targets, the pack and the
        talons if it waits for them, a foundation's fellows when each must be of its own suit,
        and every pile when a target is a talon that takes only cards no other pile takes."""
        piles = {*route.sources, *route.targets}
        if route.condition != "always":
            piles.update([STOCK, *self._talons])
        for pile in route.targets:
            piles.update(self.fills_from[pile].get(route.source, ()))  # sources filling a space first
            area = self.area_of[pile]
            if area.role == "talon" and area.takes != "any":
                return set(range(len(self.rules.pile_area)))
            rule = self.rules.foundation.get(pile)
            if rule is not None and rule.distinct_suits:
                piles.update(self.rules.areas[rule.area].piles)
        return piles

    def index(self, state: State) -> MoveIndex:
        """The state's move index, made on first use and kept up to date by apply and undo."""
        index = state.index
        if index is None or index.game is not self:
            index = state.index = MoveIndex(self, state)
        elif index.stale:
            index.refresh(state)
        return index

    def flow_open(self, state: State, condition: str) -> bool:
        """Whether a flow's ``when`` holds: ``all_placed`` waits for the pack and every
        talon to be empty (the Zodiac's foundations «до самого конца игры»);
        ``no_other_move``, for the pack, for every other move to be done (the British
        Constitution's «Когда сыграны всѣ подходящія карты, и помѣщены по порядку …, то
        выкладываютъ остальную колоду»)."""
        if condition == "always":
            return True
        if condition == "no_other_move":
            return not self._playing(self._other_moves(state, self.index(state)))
        if state.piles[STOCK]:
            return False
        return condition == "stock_empty" or not any(state.piles[p] for p in self._talons)

    def _other_moves(self, state: State, index: MoveIndex) -> list[Move]:
        """The moves beside those of the flows that wait for no other move."""
        moves = self._card_moves(state, index, waiting=False)
        if self.pair_plans or self.turn_up_places:
            moves += actions.moves(self, state, None)
        return moves

    def accepts(self, state: State, pile: int, card: int, source_area: str) -> bool:
        """Whether ``pile`` may receive ``card`` coming from ``source_area``."""
        return self._accepts(state, pile, card, source_area, None)

    def _accepts(self, state: State, pile: int, card: int, source_area: str, wanted: set[int] | None) -> bool:
        """:meth:`accepts`; ``wanted``, when given, holds every pile the move index says may
        want the card, so that a talon that takes only unplayable cards asks no other."""
        area = self.area_of[pile]
        if area.role == "foundation":
            return self._foundation_accepts(state, pile, card)
        if area.colour is not None and is_red(card) != (area.colour == "red"):
            return False  # the Empress's army takes red cards only
        if area.role == "talon":
            return area.takes == "any" or not self._fits_elsewhere(state, card, source_area, wanted)
        cards = state.piles[pile]
        if not cards:
            before = self.fills_from[pile].get(source_area)
            return before is not None and not any(state.piles[p] for p in before)
        build = self.takers[pile].build
        return build is not None and builds_on(build, card, cards)

    def _fits_elsewhere(self, state: State, card: int, source_area: str, wanted: set[int] | None) -> bool:
        """Whether a foundation, or a packet by marriage, takes the card (spaces aside):
        the book's «тѣ, которыя не годятся … кладутся въ сторону» for the talon. With
        ``wanted``, only the piles that want the card are asked (no other takes it), and
        one that holds cards and takes exactly what it wants takes it unasked."""
        reach, piles, exact = self.reach[source_area], state.piles, self.exact
        for pile in (reach if wanted is None else wanted):
            role = self.roles[pile]
            if role == "talon" or (role != "foundation" and not piles[pile]) or pile not in reach:
                continue
            if wanted is not None and exact[pile] and piles[pile]:
                return True  # it wants the card, and takes what it wants
            if self._accepts(state, pile, card, source_area, wanted):
                return True
        return False

    def _foundation_accepts(self, state: State, pile: int, card: int) -> bool:
        rule = self.rules.foundation[pile]
        cards = state.piles[pile]
        if len(cards) >= len(rule.sequence) or rank_of(card) != rule.sequence[len(cards)]:
            return False
        if not cards:
            if rule.placed != "as_they_appear" or not matches(rule.base, card):
                return False
            if rule.distinct_suits:
                taken = {suit_of(state.piles[p][0]) for p in self.rules.areas[rule.area].piles if state.piles[p]}
                return suit_of(card) not in taken
            return True
        return rule.suit == "any" or suit_of(card) == suit_of(cards[0])

    def card_moves(self, state: State) -> list[Move]:
        """The one-card moves, route by route, then by source pile, card and target (in
        the order of the route's targets): the index proposes, :meth:`accepts` decides."""
        return self._card_moves(state, self.index(state))

    def _card_moves(self, state: State, index: MoveIndex, waiting: bool = True) -> list[Move]:
        """Each route's moves, kept by the index until a pile they read changes (see :attr:`watchers`).
        The routes that wait for no other move (:attr:`waiting`) come last, listed only when
        nothing else can be played (``waiting`` false: left out)."""
        moves: list[Move] = []
        listed, hits, opened = index.route_moves, index.hits, index.opened
        for number, route in enumerate(self.routes):
            if number in self.waiting:
                continue
            found = listed[number]
            if found is None:
                found = listed[number] = []
                if not (hits[number] or opened[number] or route.any_card):
                    continue  # no target wants a top card of the route's sources, and none is open
                if route.condition == "always" or self.flow_open(state, route.condition):
                    self._route_moves(state, index, route, self._offers(state, index, number, route), found)
            moves += found
        if waiting and self.waiting and not self._playing(moves) and not (
                (self.pair_plans or self.turn_up_places) and self._playing(actions.moves(self, state, None))):
            for number in self.waiting:
                self._route_moves(state, index, self.routes[number],
                                  self._offers(state, index, number, self.routes[number]), moves)
        return moves

    def _route_moves(self, state: State, index: MoveIndex, route: Route, offers: list[tuple[int, int, list[int]]],
                     moves: list[Move]) -> None:
        """One route's moves, from the index's offers. A target whose wants are exact, or a free
        space (:meth:`_free`) the index found open, takes the card unasked; of the empty piles of
        one area, interchangeable, only the first is offered."""
        piles, targets, exact, free, pile_area = state.piles, route.targets, self.exact, self.free, self.pile_area
        for src, card, places in offers:
            offered: tuple[str, ...] = ()
            for place in places:
                dst = targets[place]
                if dst == src:
                    continue
                if piles[dst]:
                    if not exact[dst] and not self._accepts(state, dst, card, route.source, index.wanted[card % 52]):
                        continue
                else:
                    area = pile_area[dst]
                    if area in offered:
                        continue
                    if not (free[dst] or self._accepts(state, dst, card, route.source, index.wanted[card % 52])):
                        continue
                    offered = (*offered, area)
                moves.append(card_move(card, src, dst))

    @staticmethod
    def _offers(state: State, index: MoveIndex, number: int, route: Route) -> list[tuple[int, int, list[int]]]:
        """(source pile, card, target places in order) for each available card of the route
        that a target wants or that an open target may take (no target is both: an open pile
        wants no card in particular). Where only top cards go and no target is open, the
        index's hits hold them all; else every available card is looked up."""
        piles, opened = state.piles, index.opened[number]
        if not route.any_card and not opened:
            hits, sources = index.hits[number], route.sources
            return [(sources[place], piles[sources[place]][-1], sorted(hits[place])) for place in sorted(hits)]
        if route.any_card:
            available = [(src, card) for src in route.sources for card in piles[src]]
        else:
            available = [(src, piles[src][-1]) for src in route.sources if piles[src]]
        wanting_here = index.by_route[number]
        if not opened:
            return [(src, card, sorted(wanting_here[card % 52])) for src, card in available if wanting_here[card % 52]]
        offers = []
        for src, card in available:
            places = wanting_here[card % 52]
            offers.append((src, card, sorted([*places, *opened]) if places else opened))
        return offers

    def legal_moves(self, state: State) -> list[Move]:
        """Every move the rules allow now, in a stable order (of the player to move)."""
        index = self.index(state)
        if index.moves is None:
            index.moves = self._legal_moves(state, index)
        return list(index.moves)

    def _legal_moves(self, state: State, index: MoveIndex) -> list[Move]:
        if self.rules.players is not None:
            return actions.players_moves(self, state)
        moves = self._card_moves(state, index)
        if self.pair_plans or self.turn_up_places:
            moves += actions.moves(self, state, None)
        if state.piles[STOCK]:  # a row is dealt from the pack; a redeal waits till it is empty
            if self._may_deal_row(state, moves):
                moves.append(DEAL_ROW)
        elif self._may_redeal(state, lambda: self._playing(moves)):
            moves.append(REDEAL)
        return compulsory.restrict(self, state, moves) if self.compulsory else moves

    def _playing(self, moves: list[Move]) -> bool:
        """Whether some move is real play, not an exchange between foundations (which
        never ends a deal: La Nivernaise's «обмѣнивать заразъ одну карту»)."""
        return any(m.kind != "move" or self.roles[m.src] != "foundation" for m in moves)

    def moves_of(self, state: State, player: int) -> list[Move]:
        """The moves of one of two players: those from the piles he owns."""
        moves = [m for m in self.card_moves(state) if self.owners[m.src] == player]
        return moves + actions.moves(self, state, player)

    def is_legal(self, state: State, move: Move) -> bool:
        """Whether ``move`` is among :meth:`legal_moves` (without listing them all, unless listed)."""
        listed = self.index(state).moves
        if listed is not None:
            return move in listed
        if not compulsory.allows(self, state, move):
            return False
        if move.kind in actions.KINDS:
            return actions.is_legal(self, state, move)
        if self.rules.players is not None:
            if move.kind != "move":
                return move in self.legal_moves(state)
            return (self._card_move_legal(state, move)
                    and actions.owner(self.rules, move.src) == actions.player_to_move(self, state))
        if move.kind == "deal_row":
            return self._may_deal_row(state, None)
        if move.kind == "redeal":
            return self._may_redeal(state, lambda: self._playing(self.card_moves(state))
                                    or self._may_deal_row(state, None))
        return self._card_move_legal(state, move)

    def _card_move_legal(self, state: State, move: Move) -> bool:
        """Whether a one-card move follows a flow open now and its target takes the card."""
        if move.kind != "move" or not (0 <= move.src < len(state.piles) and 0 <= move.dst < len(state.piles)):
            return False
        cards = state.piles[move.src]
        if move.card not in cards or move.src == move.dst:
            return False
        for source_area, sources, any_card, condition, targets, *_ in self.routes:
            if move.src not in sources or move.dst not in targets:
                continue
            if not self.flow_open(state, condition):
                continue
            if not any_card and cards[-1] != move.card:
                continue
            if self.accepts(state, move.dst, move.card, source_area):
                return bool(state.piles[move.dst]) or self._first_empty(state, move, source_area, targets)
        return False

    def _may_deal_row(self, state: State, card_moves: list[Move] | None) -> bool:
        """A row may be dealt from a non-empty stock; under ``nothing_to_play`` only once
        no card can go to a foundation (the Duchess's «играютъ на основанія всѣ подходящія карты»)."""
        deal_row = self.rules.deal_row
        if not deal_row or not state.piles[STOCK]:
            return False
        if deal_row.when == "nothing_to_play":
            moves = self.card_moves(state) if card_moves is None else card_moves
            return not any(self.roles[m.dst] == "foundation" and self.roles[m.src] != "foundation"
                           for m in moves)
        return True

    def _first_empty(self, state: State, move: Move, source_area: str, targets: list[int]) -> bool:
        """Empty piles of one area are interchangeable; only the first that accepts is offered."""
        area = self.rules.pile_area[move.dst]
        for pile in targets:
            if pile == move.dst:
                return True
            if (pile != move.src and self.rules.pile_area[pile] == area and not state.piles[pile]
                    and self.accepts(state, pile, move.card, source_area)):
                return False
        return False

    def _may_redeal(self, state: State, other_moves) -> bool:
        """Whether the cards may be gathered again; ``other_moves()`` says whether other
        play remains (asked only when the rule depends on it)."""
        redeal = self.rules.redeal
        if not redeal or state.piles[STOCK]:
            return False
        if redeal.limit is None:
            if not progress_since_redeal(self.index(state), self.gathered(state)):
                return False
        elif state.passes > redeal.limit:
            return False
        if redeal.when == "no_other_move" and other_moves():
            return False
        return bool(self.gathered(state))

    def gathered(self, state: State) -> int:
        """How many cards a redeal would gather now (none in a game without one)."""
        gather = self.rules.redeal.gather if self.rules.redeal else ()
        return sum(len(state.piles[p]) for name in gather for p in self.rules.areas[name].piles)

    # -- why ------------------------------------------------------------------------------------
    def reasons(self, state: State, move: Move) -> list[str]:
        """The ids of the clauses that allow the legal ``move`` (see :mod:`patience.engine.explain`)."""
        return explain.reasons(self, state, move)

    def refusal(self, state: State, move: Move) -> tuple[str | None, str]:
        """For an illegal ``move``, the id of the clause that forbids it (None when no clause
        applies) and why, in one line; ``(None, "")`` for a legal move."""
        return explain.refusal(self, state, move)

    # -- applying and undoing -------------------------------------------------------------
    def apply(self, state: State, move: Move) -> None:
        """Play ``move``; an illegal move raises :class:`IllegalMove` and changes nothing."""
        if not self.is_legal(state, move):
            raise IllegalMove(f"{self.id}: illegal move: {self.describe_attempt(state, move)}")
        self.apply_listed(state, move)

    def apply_listed(self, state: State, move: Move) -> None:
        """Play ``move``, one of :meth:`legal_moves` of this very position, without asking
        the rules again (a search plays thousands; the lines it returns are replayed by
        :meth:`apply`)."""
        ops: list = []
        if move.kind == "move":
            transfer(state, ops, move.src, state.piles[move.src].index(move.card), move.dst)
        elif move.kind in actions.KINDS:
            actions.apply(state, move, ops)
        elif move.kind == "deal_row":
            self._deal_row(state, ops)
        else:
            self._redeal(state, ops)
        if self._auto_fill:
            self._fill_spaces(state, ops)
        state.history.append((move, ops))
        assert state.index is not None, "a listed move was listed from the state's index"
        state.index.update(move, ops, undone=False)

    def undo(self, state: State) -> Move:
        """Take back the last move; returns it. Raises :class:`IllegalMove` at the start."""
        if not state.history:
            raise IllegalMove(f"{self.id}: nothing to undo")
        move, ops = state.history.pop()
        reverse(state, ops)
        if state.index is not None and state.index.game is self:
            state.index.update(move, ops, undone=True)
        return move

    def last_pass(self, state: State) -> bool:
        redeal = self.rules.redeal
        return redeal is not None and redeal.limit is not None and state.passes == redeal.limit + 1

    def _deal_row(self, state: State, ops: list) -> None:
        omit = self.rules.last_pass_omit if self.last_pass(state) else frozenset()
        stock = state.piles[STOCK]
        assert self.rules.deal_row is not None, "a row is dealt only in a game that deals rows"
        for name, per_pile in self.rules.deal_row.to.items():
            if name in omit:
                continue
            for pile in self.rules.areas[name].piles:
                for _ in range(min(per_pile, len(stock))):
                    transfer(state, ops, STOCK, len(stock) - 1, pile)

    def _redeal(self, state: State, ops: list) -> None:
        redeal = self.rules.redeal
        assert redeal is not None, "a redeal is made only in a game that has one"
        top_first: list[int] = []
        for name in redeal.gather:
            for pile in self.rules.areas[name].piles:
                top_first.extend(state.piles[pile])
                replace(state, ops, pile, [])
        if redeal.shuffle:  # in an order the deal fixes, whatever is gathered (see rng)
            top_first = rng.keyed_order(top_first, f"{state.key}:redeal:{state.passes}", self.total_cards)
        replace(state, ops, STOCK, top_first[::-1])
        set_passes(state, ops, state.passes + 1)

    def _fill_spaces(self, state: State, ops: list) -> None:
        """Spaces the rules fill at once (Sultan's divan) take the first card available of
        the area's colour (the Empress's army is red); La Nivernaise's line takes four.
        Filling one area can uncover a card for another (the pack's next card), so the
        areas are gone round until nothing changes."""
        if all(self._auto_fill_piles(state.piles)):
            return  # no space (the usual case, found without a loop in Python)
        changed = True
        while changed:
            changed = False
            for area, donors, count in self._auto_fill:
                if all(state.piles[area.piles.start:area.piles.stop]):
                    continue  # every pile of the area holds cards: no space
                for pile in area.piles:
                    if state.piles[pile]:
                        continue
                    for _ in range(count):
                        donor = next((p for p in donors
                                      if state.piles[p] and actions.fits_colour(area, state.piles[p][-1])), None)
                        if donor is None:
                            break
                        transfer(state, ops, donor, len(state.piles[donor]) - 1, pile)
                        changed = True

    # -- outcome ----------------------------------------------------------------------------
    def is_won(self, state: State) -> bool:
        """Won when no card is left outside the foundations and the cards set aside."""
        return not any(state.piles[p] for p in self._in_play)

    def is_blocked(self, state: State) -> bool:
        """Not won, and no legal move remains."""
        return not self.is_won(state) and not self.legal_moves(state)

    # -- words ------------------------------------------------------------------------------
    def describe(self, move: Move) -> str:
        """Readable notation: ``7♣ talon 2 → foundation 3``."""
        if move.kind == "deal_row":
            return "deal a row"
        if move.kind == "redeal":
            return "redeal"
        if move.kind in actions.KINDS:
            return actions.describe(self.rules, move)
        return f"{card_name(move.card)} {self.rules.pile_name(move.src)} → {self.rules.pile_name(move.dst)}"

    def describe_attempt(self, state: State, move: Move) -> str:
        try:
            return self.describe(move)
        except (IndexError, KeyError):
            return repr(move)

    def parse_move(self, state: State, text: str) -> Move:
        """The legal move whose notation is ``text`` (``->`` may stand for ``→``)."""
        wanted = " ".join(text.replace("->", "→").split())
        for move in self.legal_moves(state):
            if self.describe(move) == wanted:
                return move
        raise IllegalMove(f"{self.id}: no legal move {wanted!r} in this position")


def _getter(piles: list[int]):
    """A function from a state's piles to those of ``piles`` (a tuple, even of one)."""
    if len(piles) == 1:
        return lambda all_piles: (all_piles[piles[0]],)
    return itemgetter(*piles) if piles else lambda all_piles: ()



def builds_on(build, card: int, cards: list[int]) -> bool:
    """Marriage (марьяжъ): may ``card`` go on the top of the packet ``cards``? With
    ``kept``, a packet built up goes on up, one built down goes on down («въ такомъ видѣ
    въ одной и той же пачкѣ»)."""
    top = cards[-1]
    if not _same_suit_ok(build, card, top):  # first: it rules out most cards at once
        return False
    rank, top_rank = rank_of(card), rank_of(top)
    difference = rank - top_rank
    if build.playing_order and rank + top_rank == 14:
        return True  # «въ томъ порядкѣ, въ которомъ онѣ будутъ сыграны»: queen on two, knave on three
    if build.kept and len(cards) > 1 and difference != top_rank - rank_of(cards[-2]):
        return False
    if build.direction == "by_colour":
        return difference == (-1 if is_red(card) else 1)
    if build.direction == "down":
        return difference == -1
    if build.direction == "up":
        return difference == 1
    return abs(difference) == 1


def _same_suit_ok(build, card: int, top: int) -> bool:
    if build.suit == "same":
        return suit_of(card) == suit_of(top)
    if build.suit == "alternate":
        return is_red(card) != is_red(top)
    return True


def position(game: Game, piles: dict[str, list[str]], key: str = "position", passes: int = 1) -> State:
    """A state with the named piles holding the given cards (codes, bottom first);
    every other card of the packs goes to the stock, so no card is lost or doubled."""
    names = {game.rules.pile_name(p): p for p in range(len(game.rules.pile_area))}
    state = State([[] for _ in game.rules.pile_area], key, passes)
    placed: set[int] = set()
    for name, codes in piles.items():
        if name not in names:
            raise ValueError(f"{game.id}: no pile named {name!r}; piles are {', '.join(names)}")
        for code in codes:
            card = parse_card(code)
            if card in placed or card >= game.total_cards:
                raise ValueError(f"{game.id}: card {code} is repeated or not in the packs")
            placed.add(card)
            state.piles[names[name]].append(card)
    state.piles[0] = [c for c in reversed(range(game.total_cards)) if c not in placed] + state.piles[0]
    return state
