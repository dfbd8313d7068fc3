"""Moves beyond one card along a flow: paired moves, turning up, and whose turn it is.

*Paired moves* (``pair`` clauses): two top cards, one from each of two groups of
areas, played at once. The Empress of India pairs a red card of the army with a
black card of the navy, each to its foundation («играются попарно»); Sympathie
pairs a turned-up card of one partner with the same card (suit and rank) of the
other, and the pair is put aside by the player who made it. Where the clause allows
pairing *ahead* (Cadogan's English Empress), a card may first be laid on its partner,
a single card of the other group, when no pair can be played: the two then lie as one
packet on the partner's place, and only together go to the foundations.

*Turning up* (``turn_up`` clauses): the top card of a face-down packet is turned
and lies open on its packet; the engine keeps the open card on a pile of its own
(the packet's place in the ``to`` area), so that a packet shows at most one card.

*Players* (``players`` clause): the player to move is the one who made the last
move, as long as he has a move; otherwise the other («играютъ оба поперемѣнно»).
The first player begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from patience.cards import card_name, is_red, pack_of, rank_of, suit_of
from patience.engine.state import Move, State, transfer

if TYPE_CHECKING:
    from patience.engine.game import Game

PAIR, PAIR_AHEAD, TURN_UP = "pair", "pair_ahead", "turn_up"
KINDS = (PAIR, PAIR_AHEAD, TURN_UP)


# -- colours ------------------------------------------------------------------------------------
def fits_colour(area, card: int) -> bool:
    return area.colour is None or is_red(card) == (area.colour == "red")


def deal_by_colour(rules, deck: list[int], position: int, piles: list[list[int]]) -> int:
    """Deal on from ``position`` as the ``deal_by_colour`` clause says; the new position."""
    clause = rules.by_colour
    places = [pile for name in clause.to for pile in rules.areas[name].piles]
    overflow = [rules.areas[name] for name in clause.overflow]
    while position < len(deck) and any(not piles[p] for p in places):
        card = deck[position]
        position += 1
        free = next((p for p in places if not piles[p] and fits_colour(rules.areas[rules.pile_area[p]], card)), None)
        if free is None:
            free = next((a.piles[0] for a in overflow if fits_colour(a, card)), None)
        if free is None:
            raise ValueError(f"{rules.game}: no place and no talon takes {card_name(card)}")
        piles[free].append(card)
    return position


# -- players ------------------------------------------------------------------------------------
def owner(rules, pile: int) -> int | None:
    """The player (0 or 1) who owns ``pile``; None when the pile is no one's."""
    if rules.players is None:
        return None
    name = rules.pile_area[pile]
    return next((player for player, group in enumerate(rules.players.own) if name in group), None)


def mover(game: Game, move: Move) -> int | None:
    return owner(game.rules, move.src)


def player_to_move(game: Game, state: State) -> int | None:
    """Who plays now: the last mover while he has a move, else the other; None alone."""
    if game.rules.players is None:
        return None
    last = mover(game, state.history[-1][0]) if state.history else 0
    last = 0 if last is None else last
    if game.moves_of(state, last):
        return last
    return 1 - last


def players_moves(game: Game, state: State) -> list[Move]:
    """The moves of the player to move: the last mover's while he has any, else the other's."""
    last = mover(game, state.history[-1][0]) if state.history else 0
    last = 0 if last is None else last
    return game.moves_of(state, last) or game.moves_of(state, 1 - last)


# -- move generation -----------------------------------------------------------------------------
class PairPlan:
    """A ``pair`` clause as played, worked out once per game: the piles of each of its two
    groups of areas (in order), and where a card goes when the clause's first target area
    is not a foundation (the aside of the player who makes the pair, or its only pile).
    With pairing ahead, a pile of two cards is a pair laid together, played only as one."""

    def __init__(self, rules, clause):
        self.clause = clause
        self.ahead = clause.ahead != "never"
        self.groups = tuple([pile for name in names for pile in rules.areas[name].piles] for names in clause.source)
        self.to_foundations = all(rules.areas[name].role == "foundation" for name in clause.to)
        self.foundations: list[range] = []  # the foundation areas tried first, in order
        self.aside: list[int] | None = None  # the pile for each player, when a non-foundation area comes next
        for name in clause.to:
            area = rules.areas[name]
            if area.role != "foundation":
                self.aside = [area.piles[player] if len(area.piles) > 1 else area.piles[0] for player in (0, 1)]
                break
            self.foundations.append(area.piles)


def _target(game: Game, state: State, plan: PairPlan, card: int, source_area: str, player: int | None,
            wanted: set[int]) -> int | None:
    """Where a paired card goes: the first foundation that takes it, or the mover's pile.
    Only the foundations that want the card (``wanted``, from the move index) are asked,
    and one that holds cards takes what it wants (its wants are exact)."""
    if wanted:
        wanting = sorted(wanted)
        for piles in plan.foundations:
            for pile in wanting:
                if pile in piles and (state.piles[pile] or game.accepts(state, pile, card, source_area)):
                    return pile
    return None if plan.aside is None else plan.aside[player or 0]


def _matches(clause, first: int, second: int) -> bool:
    if clause.match == "same_card":
        return rank_of(first) == rank_of(second) and suit_of(first) == suit_of(second) \
            and pack_of(first) != pack_of(second)
    if clause.match == "same_rank":  # the Russian rule I, read as printed: «этого же достоинства»
        return rank_of(first) == rank_of(second)
    return True


def pair_moves(game: Game, state: State, player: int | None) -> list[Move]:
    moves = []
    for plan in game.pair_plans:
        clause = plan.clause
        mine, theirs = plan.groups
        if player == 1:  # the mover's card comes first
            mine, theirs = theirs, mine
        seconds = _offers(game, state, plan, theirs, player)
        if clause.match == "same_card":  # look the partner's card up, rather than try them all
            by_card: dict[int, list] = {}
            for offer in seconds:
                by_card.setdefault(offer[0] % 52, []).append(offer)
        for card, src, dst in _offers(game, state, plan, mine, player):
            if clause.match == "same_card":
                partners = by_card.get(card % 52)
                if not partners:
                    continue
                partners = [offer for offer in partners if _matches(clause, card, offer[0])]
            elif clause.match == "same_rank":
                partners = [offer for offer in seconds if _matches(clause, card, offer[0])]
            else:
                partners = seconds
            moves += [Move(PAIR, card, src, dst, card2, src2, dst2) for card2, src2, dst2 in partners if src2 != src]
        if plan.ahead:
            moves += _laid_pairs(game, state, plan, player)
    return moves


def _laid_pairs(game: Game, state: State, plan: PairPlan, player: int | None) -> list[Move]:
    """The pairs laid ahead whose two cards both go to a foundation now: the top card
    first, then the one beneath it."""
    moves, index = [], game.index(state)
    for pile in (p for group in plan.groups for p in group):
        cards = state.piles[pile]
        if len(cards) != 2:
            continue
        top, under = cards[1], cards[0]
        area = game.pile_area[pile]
        first = _target(game, state, plan, top, area, player, index.wanted[top % 52])
        second = _target(game, state, plan, under, area, player, index.wanted[under % 52])
        if first is not None and second is not None and first != second:
            moves.append(Move(PAIR, top, pile, first, under, pile, second))
    return moves


def pairs_ahead(game: Game, state: State) -> list[Move]:
    """With no pair to play, a single card of one group laid on a single card of the other
    (either way): «any card in the Army may be placed on any card in the Navy, and vice
    versâ». ``card2`` is the partner it is laid on."""
    moves = []
    for plan in game.pair_plans:
        if not plan.ahead:
            continue
        singles = [[p for p in group if len(state.piles[p]) == 1] for group in plan.groups]
        for mine, theirs in (singles, singles[::-1]):
            moves += [Move(PAIR_AHEAD, state.piles[src][0], src, dst, state.piles[dst][0])
                      for src in mine for dst in theirs if _matches(plan.clause, state.piles[src][0],
                                                                   state.piles[dst][0])]
    return moves


def _offers(game: Game, state: State, plan: PairPlan, group: list[int], player: int | None) -> list[tuple[int, int, int]]:
    """(card, pile, target) for every top card of the group's piles that has a target."""
    piles = state.piles
    if plan.aside is not None and not plan.foundations:  # every card goes to the mover's own pile
        own = plan.aside[player or 0]
        return [(piles[pile][-1], pile, own) for pile in group if piles[pile]]
    index = game.index(state)
    offers, wanted, tops = [], index.wanted, index.tops
    if plan.to_foundations:  # only the piles whose top card some foundation wants
        group = [pile for pile in group if tops[pile] >= 0 and wanted[tops[pile]]]
    for pile in group:
        if not piles[pile] or (plan.ahead and len(piles[pile]) > 1):  # a pair laid ahead plays only as one
            continue
        card = piles[pile][-1]
        wanting = wanted[card % 52]
        target = _target(game, state, plan, card, game.pile_area[pile], player, wanting)
        if target is not None:
            offers.append((card, pile, target))
    return offers


def turn_up_places(rules) -> list[tuple[int, int]]:
    """(packet, its open place) for every packet a ``turn_up`` clause turns up, in order."""
    return [(packet, place) for clause in rules.turn_ups for source, target in zip(clause.source, clause.to)
            for packet, place in zip(rules.areas[source].piles, rules.areas[target].piles)]


def turn_up_moves(game: Game, state: State, player: int | None) -> list[Move]:
    piles, owners = state.piles, game.owners
    return [Move(TURN_UP, piles[packet][-1], packet, place) for packet, place in game.turn_up_places
            if piles[packet] and not piles[place] and (player is None or owners[packet] == player)]


def moves(game: Game, state: State, player: int | None) -> list[Move]:
    pairs = pair_moves(game, state, player)
    if not pairs and any(plan.ahead for plan in game.pair_plans):
        pairs = pairs_ahead(game, state)
    return pairs + turn_up_moves(game, state, player)


def is_legal(game: Game, state: State, move: Move) -> bool:
    player = player_to_move(game, state)
    return move in moves(game, state, player)


def apply(state: State, move: Move, ops: list) -> None:
    transfer(state, ops, move.src, len(state.piles[move.src]) - 1, move.dst)
    if move.kind == PAIR:  # a pair laid ahead has one pile for both: its top card went first
        transfer(state, ops, move.src2, len(state.piles[move.src2]) - 1, move.dst2)


def describe(rules, move: Move) -> str:
    """``turn up 7♣ first packet 3``; ``2♠ navy 5 + Q♥ army 2 → foundation 1, foundation 9``;
    ``pair Q♥ army 2 with 2♠ navy 5`` (laid on it ahead)."""
    if move.kind == TURN_UP:
        return f"turn up {card_name(move.card)} {rules.pile_name(move.src)}"
    if move.kind == PAIR_AHEAD:
        return (f"pair {card_name(move.card)} {rules.pile_name(move.src)} with "
                f"{card_name(move.card2)} {rules.pile_name(move.dst)}")
    return (f"{card_name(move.card)} {rules.pile_name(move.src)} + {card_name(move.card2)} "
            f"{rules.pile_name(move.src2)} → {rules.pile_name(move.dst)}, {rules.pile_name(move.dst2)}")
