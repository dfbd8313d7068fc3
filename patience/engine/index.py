"""What each pile takes next and where each card lies: the index behind move generation.

Listing the legal moves by offering every available card to every pile costs
cards × piles tests. The index turns this round: it keeps, for every pile, the
cards it may take next — a foundation the next rank of its sequence (in its suit,
if it follows suit), a packet under marriage (марьяжъ) the ranks one above and one
below its top card in the suits the build allows — and, for every card, the pile it
lies in. Moves to such a pile are then found by looking up where its few wanted
cards lie. Piles that take any card (a talon, an empty place filled at will) are
*open*, and are offered the available cards of their sources. Where a route moves
only top cards, the index also keeps which of its sources' top cards some target
wants (its *hits*), so that its moves are listed without looking at every source.

What the index lists is only a superset: every candidate move is still decided
by :meth:`Game.accepts`, the rule itself. A move marks the piles it touched, and
only those are indexed again, when the index is next read: a move tried and taken
back (as a search does) mostly leaves nothing to change. The moves of each route
are kept too, and listed again only when a pile the route reads has moved: after a
move, the routes that neither start nor end at the piles it touched keep theirs.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from patience.cards import RED_SUITS, rank_of, suit_of
from patience.engine.rules import Build, FoundationRule

if TYPE_CHECKING:
    from patience.engine.game import Game
    from patience.engine.state import Move

OPEN = None  # the wants of a pile that may take any card
ALL_SUITS = (0, 1, 2, 3)
COLOUR_SUITS = {"red": tuple(sorted(RED_SUITS)), "black": (0, 3)}


class Taker:
    """How one pile takes cards, fixed by the rules: a foundation, a talon (open),
    or a place built on by marriage and, when empty, filled at will (open) or not."""

    __slots__ = ("foundation", "build", "always_open", "open_when_empty", "takes", "known")

    def __init__(self, foundation: FoundationRule | None = None, build: Build | None = None,
                 always_open: bool = False, open_when_empty: bool = False):
        self.foundation, self.build = foundation, build
        self.always_open, self.open_when_empty = always_open, open_when_empty
        # False for a pile that never takes a card (the pack, a packet not built on): it wants nothing
        self.takes = foundation is not None or build is not None or always_open or open_when_empty
        self.known: dict[tuple[int, int], tuple[int, ...]] = {}  # wants worked out already

    def wants(self, cards: list[int]) -> tuple[int, ...] | None:
        """The cards (as ``suit * 13 + rank - 1``, in every pack) this pile may take next."""
        if self.always_open or (self.open_when_empty and not cards):
            return OPEN
        foundation, build = self.foundation, self.build
        if foundation is not None:
            key = (len(cards), cards[0] % 52 if cards else -1)  # a foundation: its length and first card
            wants = self.known.get(key)
            if wants is None:
                wants = self.known[key] = _foundation_wants(foundation, cards)
            return wants
        if cards and build is not None:
            key = (-1, cards[-1] % 52)  # a packet: its top card
            wants = self.known.get(key)
            if wants is None:
                wants = self.known[key] = _build_wants(build, cards[-1])
            return wants
        return ()


def _foundation_wants(rule: FoundationRule, cards: list[int]) -> tuple[int, ...]:
    if len(cards) >= len(rule.sequence):
        return ()
    rank = rule.sequence[len(cards)]
    suits: tuple[int, ...]
    if cards:
        suits = (suit_of(cards[0]),) if rule.suit == "follow" else ALL_SUITS
    elif rule.placed != "as_they_appear":
        return ()
    elif rule.base.suit is not None:
        suits = ALL_SUITS  # the base's own suit among them; Game.accepts keeps only it
    else:
        suits = COLOUR_SUITS.get(rule.base.colour or "", ALL_SUITS)
    return tuple(suit * 13 + rank - 1 for suit in suits)


def _build_wants(build: Build, top: int) -> tuple[int, ...]:
    """The cards marriage lets on ``top``: exactly those, unless the packet must keep its
    direction (``kept``), which only some of them do."""
    rank, suit = rank_of(top), suit_of(top)
    suits: tuple[int, ...]
    if build.suit == "same":
        suits = (suit,)
    elif build.suit == "alternate":
        suits = COLOUR_SUITS["black" if suit in RED_SUITS else "red"]
    else:
        suits = ALL_SUITS
    wants: set[int] = set()
    for card_suit in suits:
        ranks = _build_ranks(build.direction, rank, card_suit)
        if build.playing_order:
            ranks += (14 - rank,)  # queen on two, knave on three
        wants.update(card_suit * 13 + r - 1 for r in ranks if 1 <= r <= 13)
    return tuple(sorted(wants))


def _build_ranks(direction: str, rank: int, suit: int) -> tuple[int, ...]:
    if direction == "up":
        return (rank + 1,)
    if direction == "down":
        return (rank - 1,)
    if direction == "by_colour":  # red cards go down, black up
        return (rank - 1,) if suit in RED_SUITS else (rank + 1,)
    return (rank - 1, rank + 1)


class MoveIndex:
    """The index of one state.

    ``wants`` gives each pile's wanted cards (or OPEN); ``wanted`` turns it round, giving
    for each card (``suit * 13 + rank - 1``) the piles that want it, and ``by_route`` the
    same route by route, as places among the route's targets. ``opened`` holds, route by
    route, the places of its open targets. ``tops`` gives each pile's top card (as above;
    -1 when empty) and ``lying`` turns it round. ``hits`` meets the two, for each route
    that takes only top cards: for each of its sources (by place) whose top card some
    target wants, the places of those targets. ``stale`` holds the piles moved since, not
    yet indexed again (:meth:`Game.index` does it). ``moves`` keeps the legal moves once
    listed (dropped by every change), ``route_moves`` the one-card moves of each route
    (dropped when a pile the route reads is moved: ``Game.watchers``) and ``gathered`` how
    many cards each redeal of the history gathered.
    """

    __slots__ = ("game", "wants", "wanted", "by_route", "opened", "tops", "lying", "hits", "stale",
                 "moves", "route_moves", "gathered")

    def __init__(self, game: Game, state):
        self.game = game
        self.wants: list[tuple[int, ...] | None] = [()] * len(state.piles)
        self.wanted: list[set[int]] = [set() for _ in range(52)]
        self.by_route: list[list[set[int]]] = [[set() for _ in range(52)] for _ in game.routes]
        self.opened: list[list[int]] = [[] for _ in game.routes]  # in order
        for pile, (taker, cards) in enumerate(zip(game.takers, state.piles)):
            self._set(pile, taker.wants(cards))
        self.tops = [cards[-1] % 52 if cards else -1 for cards in state.piles]
        self.lying: list[set[int]] = [set() for _ in range(52)]
        for pile, key in enumerate(self.tops):
            if key >= 0:
                self.lying[key].add(pile)
        self.hits: list[dict[int, set[int]]] = [{} for _ in game.routes]
        for pile in range(len(state.piles)):
            self._hit_from(pile)
        self.stale: set[int] = set()
        self.moves: list[Move] | None = None  # the legal moves, listed once asked for
        self.route_moves: list[list | None] = [None] * len(game.routes)
        self.gathered = [_gathered(ops) for move, ops in state.history if move.kind == "redeal"]

    def _set(self, pile: int, wants: tuple[int, ...] | None) -> None:
        old, wanted, by_route, places = self.wants[pile], self.wanted, self.by_route, self.game.target_places[pile]
        if old is OPEN:
            for route, place in self.game.open_places[pile]:
                self.opened[route].remove(place)
        else:
            for key in old:
                wanted[key].discard(pile)
                for route, place in places:
                    by_route[route][key].discard(place)
        if wants is OPEN:
            for route, place in self.game.open_places[pile]:
                insort(self.opened[route], place)
        else:
            for key in wants:
                wanted[key].add(pile)
                for route, place in places:
                    by_route[route][key].add(place)
        self.wants[pile] = wants

    def update(self, move, ops: list, undone: bool) -> None:
        """Mark the piles ``move``'s journal ``ops`` touched (``undone``: it was just reversed)."""
        if move.kind == "redeal":
            if undone:
                self.gathered.pop()
            else:
                self.gathered.append(_gathered(ops))
        stale = self.stale
        for op in ops:  # ("mv", src, pos, dst), ("set", pile, cards) or ("pass", passes)
            if op[0] == "mv":
                stale.add(op[1])
                stale.add(op[3])
            elif op[0] == "set":
                stale.add(op[1])
        self.moves = None

    def refresh(self, state) -> None:
        """Index again the piles moved since the last refresh: first what each wants and
        which card tops it, then the hits of those that changed, as source and as target."""
        takers, piles, wants, tops, lying = self.game.takers, state.piles, self.wants, self.tops, self.lying
        wanting, topped = [], []
        route_moves, watchers = self.route_moves, self.game.watchers
        for pile in self.stale:
            for route in watchers[pile]:
                route_moves[route] = None
            taker, old = takers[pile], wants[pile]
            new = taker.wants(piles[pile]) if taker.takes else ()
            if new != old:
                self._set(pile, new)
                wanting.append((pile, old))
            top = piles[pile][-1] % 52 if piles[pile] else -1
            if top != tops[pile]:
                if tops[pile] >= 0:
                    lying[tops[pile]].discard(pile)
                if top >= 0:
                    lying[top].add(pile)
                tops[pile] = top
                topped.append(pile)
        self.stale.clear()
        for pile, old in wanting:
            self._hit_to(pile, old)
        for pile in topped:
            self._hit_from(pile)

    def _hit_from(self, pile: int) -> None:
        """The hits of ``pile`` as a source: the targets that want its top card."""
        key = self.tops[pile]
        for route, place in self.game.source_places[pile]:
            targets = self.game.routes[route].targets
            found = {t for t in self.by_route[route][key] if targets[t] != pile} if key >= 0 else None
            if found:
                self.hits[route][place] = found
            else:
                self.hits[route].pop(place, None)

    def _hit_to(self, pile: int, old: tuple[int, ...] | None) -> None:
        """The hits of ``pile`` as a target, which wanted the cards ``old`` and now wants
        others. The sources whose top card it wanted are found where those cards lie (a
        source whose top card has changed since is indexed again by :meth:`_hit_from`)."""
        wants, routes = self.wants[pile], self.game.routes
        for route, place in self.game.top_target_places[pile]:
            hits, sources = self.hits[route], routes[route].sources
            for key in (() if old is OPEN else old):
                for src in self.lying[key]:
                    found = hits.get(src - sources.start) if src in sources else None
                    if found and place in found:
                        found.discard(place)
                        if not found:
                            del hits[src - sources.start]
            for key in (() if wants is OPEN else wants):
                for src in self.lying[key]:
                    if src != pile and src in sources:
                        hits.setdefault(src - sources.start, set()).add(place)


def _gathered(ops: list) -> int:
    """How many cards a redeal gathered (its journal holds the piles it emptied)."""
    return sum(len(op[2]) for op in ops if op[0] == "set" and op[1] != 0)
