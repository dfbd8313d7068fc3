"""Paired moves and the two players of Sympathie and the Empress: which cards pair,
whose turn it is, what a pair frees."""

from __future__ import annotations

from patience.cards import card_name, is_red, parse_rank, rank_of
from patience.claims.support import ClaimResult, area_piles, playouts, runs
from patience.engine.actions import PAIR, PAIR_AHEAD, owner, player_to_move
from patience.engine.game import Game
from patience.rulespec.claim_kinds.pairs import (
    FirstPairs,
    FirstTurnsUp,
    LaidPairsStayTogether,
    PairFreesNext,
    PairMayWait,
    PairsAheadWhenNone,
    PairsOnly,
    PairsSameCard,
    PairsSameRank,
    TurnsAlternate,
)


def _pairs(game: Game, length: int = 200):
    for state, moves in playouts(game, length=length):
        yield state, [m for m in moves if m.kind == PAIR]


@runs(FirstPairs)
def first_pairs(game: Game, ranks: list, colours: list) -> ClaimResult:
    """In deals 0–5 every pair legal at the start is of these ranks and colours."""
    seen = set()
    for number in range(6):
        state = game.deal(number)
        for move in (m for m in game.legal_moves(state) if m.kind == PAIR):
            cards = sorted((move.card, move.card2), key=is_red)
            seen.add(tuple((rank_of(c), "red" if is_red(c) else "black") for c in cards))
    wanted = {tuple(zip([parse_rank(r) for r in ranks], colours))}
    return ClaimResult(bool(seen) and seen == wanted, f"first pairs seen: {sorted(seen)}")


@runs(PairsSameRank)
def pairs_same_rank(game: Game) -> ClaimResult:
    """Along random playouts every paired move joins two cards of the same rank."""
    count = 0
    for _, pairs in _pairs(game):
        for move in pairs:
            count += 1
            if rank_of(move.card) != rank_of(move.card2):
                return ClaimResult(False, f"legal: {game.describe(move)}")
    return ClaimResult(count > 0, f"{count} pairs, all of one rank")


@runs(PairsSameCard)
def pairs_same_card(game: Game) -> ClaimResult:
    """Every pair joins a card of one player with the same card (suit and rank) of the other."""
    count = 0
    for _, pairs in _pairs(game, length=400):
        for move in pairs:
            count += 1
            if card_name(move.card) != card_name(move.card2) or owner(game.rules, move.src) == owner(game.rules, move.src2):
                return ClaimResult(False, f"legal: {game.describe(move)}")
    return ClaimResult(count > 0, f"{count} pairs, each of one card from each pack")


@runs(PairsOnly)
def pairs_only(game: Game, areas: list) -> ClaimResult:
    """Cards leave these areas for the foundations only in pairs, one from each area."""
    groups = [set(area_piles(game, area, "")) for area in areas]
    count = 0
    for _, moves in playouts(game):
        for move in moves:
            if move.kind == "move" and game.rules.role(move.dst) == "foundation":
                return ClaimResult(False, f"single: {game.describe(move)}")
            if move.kind == PAIR:
                count += 1
                if not ({move.src, move.src2} & groups[0] and {move.src, move.src2} & groups[1]):
                    return ClaimResult(False, f"not one from each: {game.describe(move)}")
    return ClaimResult(count > 0, f"{count} pairs seen, each one from {areas[0]} and one from {areas[1]}")


@runs(PairMayWait)
def pair_may_wait(game: Game) -> ClaimResult:
    """Whenever a pair is legal and the pack has cards, the pack may be turned instead."""
    seen = 0
    for state, moves in playouts(game):
        if state.piles[0] and any(m.kind == PAIR for m in moves):
            seen += 1
            if not any(m.kind == "move" and m.src == 0 for m in moves):
                return ClaimResult(False, "a pair was the only thing left to do with cards in the pack")
    return ClaimResult(seen > 0, f"in {seen} positions with a pair open the pack could be turned instead")


@runs(PairsAheadWhenNone)
def pairs_ahead_when_none(game: Game) -> ClaimResult:
    seen = 0
    for _, moves in playouts(game):
        ahead = [m for m in moves if m.kind == PAIR_AHEAD]
        if ahead and any(m.kind == PAIR for m in moves):
            return ClaimResult(False, f"{game.describe(ahead[0])} offered beside a pair")
        seen += bool(ahead)
    return ClaimResult(seen > 0, f"cards paired ahead at {seen} positions, each with no pair to play")


@runs(LaidPairsStayTogether)
def laid_pairs_stay_together(game: Game) -> ClaimResult:
    """A pile holding a pair laid ahead (two cards, after a ``pair_ahead`` move onto it)
    loses its cards only by a pair that takes both."""
    played = 0
    for state, moves in playouts(game):
        laid = {m.dst for move, _ in state.history for m in [move] if m.kind == PAIR_AHEAD}
        laid = {pile for pile in laid if len(state.piles[pile]) == 2}
        for move in moves:
            if move.kind == PAIR and move.src == move.src2 and move.src in laid:
                played += 1
            elif move.src in laid or (move.kind == PAIR and move.src2 in laid):
                return ClaimResult(False, f"{game.describe(move)} parts a pair laid ahead")
    return ClaimResult(played > 0, f"pairs laid ahead played together {played} times, never parted")


@runs(PairFreesNext)
def pair_frees_next(game: Game) -> ClaimResult:
    """After each pair along random playouts, the mover keeps the turn and may turn up
    the next card of the packet his paired card came from."""
    turn_up = game.rules.turn_ups[0]
    opened = {place: packet for source, target in zip(turn_up.source, turn_up.to)
              for packet, place in zip(game.rules.areas[source].piles, game.rules.areas[target].piles)}
    seen = 0
    for state, moves in playouts(game, length=400):
        for move in (m for m in moves if m.kind == PAIR and m.src in opened and state.piles[opened[m.src]]):
            player = player_to_move(game, state)
            game.apply(state, move)
            following = game.legal_moves(state)
            freed = any(m.kind == "turn_up" and m.src == opened[move.src] for m in following)
            kept = player_to_move(game, state) == player
            game.undo(state)
            seen += 1
            if not (freed and kept):
                return ClaimResult(False, f"after {game.describe(move)}: next card offered {freed}, turn kept {kept}")
    return ClaimResult(seen > 0, f"after {seen} pairs the mover could turn up the next card of the packet")


@runs(TurnsAlternate)
def turns_alternate(game: Game) -> ClaimResult:
    """Two players: along playouts each move is the player-to-move's, and the turn passes
    only when the mover has nothing left to do."""
    switches = 0
    for state, moves in playouts(game, length=400):
        player = player_to_move(game, state)
        if any(owner(game.rules, m.src) != player for m in moves):
            return ClaimResult(False, "a move of the other player was offered")
        if state.history:
            last = owner(game.rules, state.history[-1][0].src)
            if last is not None and last != player:
                switches += 1
                if game.moves_of(state, last):
                    return ClaimResult(False, "the turn passed while the mover could still play")
    return ClaimResult(switches > 0, f"the turn passed {switches} times, each time from a player with no move left")


@runs(FirstTurnsUp)
def first_turns_up(game: Game, area: str) -> ClaimResult:
    """Along random playouts, when the second player first comes to move, every packet
    of the first player (``area``) shows its top card open."""
    turn_up = next(c for c in game.rules.turn_ups)
    opened = game.rules.areas[turn_up.to[turn_up.source.index(area)]].piles
    packets = game.rules.areas[area].piles
    for number in range(6):
        for state, _ in playouts(game, deals=[number]):
            if player_to_move(game, state) == 1:
                shut = [game.rules.pile_name(p) for p, o in zip(packets, opened) if state.piles[p] and not state.piles[o]]
                if shut:
                    return ClaimResult(False, f"deal {number}: the second player began with {shut} unturned")
                break
        else:
            return ClaimResult(False, f"deal {number}: the second player never came to move")
    return ClaimResult(True, "in deals 0–5 the second player began only once every first packet was turned up")
