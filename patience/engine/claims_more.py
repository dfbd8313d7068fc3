"""Checks for the claims of La Nivernaise, the Empress of India, the Zodiac, Sympathie
and the rest: phases, colours, paired moves, the two players. Registered in
:data:`patience.engine.claims.CHECKS`."""

from __future__ import annotations

from patience.engine.actions import PAIR, owner, player_to_move
from patience.engine.cards import card, card_name, is_red, pack_of, parse_rank, rank_of
from patience.engine.claims import ClaimResult, _piles, _playouts, engine_foundation
from patience.engine.game import Game, REDEAL
from patience.engine.game import position as build
from patience.engine.rows import ends, rows_of
from patience.engine.state import State


def foundation_piles(game: Game, piles: int, capacity: int) -> ClaimResult:
    """How many foundation piles there are, and how many cards they take together."""
    found = game.rules.piles_of("foundation")
    taken = sum(len(engine_foundation(game, p)) for p in found)
    return ClaimResult(len(found) == piles and taken == capacity, f"{len(found)} foundations taking {taken} cards")


def _placed(game: Game, state: State) -> bool:
    return not any(state.piles[p] for p in [0, *game.rules.piles_of("talon")])


def _to_foundation(game: Game, move) -> bool:
    return move.kind in ("move", PAIR) and game.rules.role(move.dst) == "foundation"


def foundations_wait_until_placed(game: Game) -> ClaimResult:
    """Along random playouts no foundation move while the pack or a talon has cards; and
    in a deal whose pack is spread over the layout by hand, foundation moves appear."""
    for state, moves in _playouts(game):
        if not _placed(game, state) and any(_to_foundation(game, m) for m in moves):
            return ClaimResult(False, "a foundation move was legal with cards still to place")
    state = game.deal(0)
    layout = [p for p in range(len(state.piles)) if game.rules.role(p) == "tableau"]
    for index, spread in enumerate(reversed(state.piles[0])):
        state.piles[layout[index % len(layout)]].append(spread)
    state.piles[0] = []
    opened = [game.describe(m) for m in game.legal_moves(state) if _to_foundation(game, m)]
    return ClaimResult(bool(opened), f"once all is placed: {opened[:3]}")


def marriage_kept(game: Game, area: str, kept: bool = True) -> ClaimResult:
    """On 7♥ built up to 8♥ the engine takes 9♥ but not 7♥; on 9♥ built down to 8♥ the
    reverse. With ``kept: false``, a packet may turn: it takes both (the Zodiac's «въ
    одной и той же пачкѣ», one packet holding both orders)."""
    pile = _piles(game, area, "")[0]
    name = game.rules.pile_name(pile)
    up = build(game, {name: ["7♥/1", "8♥/1"]})
    down = build(game, {name: ["9♥/1", "8♥/1"]})
    seen = (game.accepts(up, pile, card(9, 2, 1), "stock"), game.accepts(up, pile, card(7, 2, 1), "stock"),
            game.accepts(down, pile, card(7, 2, 1), "stock"), game.accepts(down, pile, card(9, 2, 1), "stock"))
    wanted = (True, not kept, True, not kept)
    return ClaimResult(seen == wanted, f"up: 9♥ {seen[0]}, 7♥ {seen[1]}; down: 7♥ {seen[2]}, 9♥ {seen[3]}")


def _turn_all(game: Game, state: State) -> None:
    """Turn the whole pack onto the talon, placing nothing."""
    talon = game.rules.piles_of("talon")[0]
    while state.piles[0]:
        move = next(m for m in game.legal_moves(state) if m.src == 0 and m.dst == talon)
        game.apply(state, move)


def redeal_needs_progress(game: Game) -> ClaimResult:
    """A pass that places nothing leaves no redeal; a pass that places a card leaves one."""
    state = game.deal(0)
    _turn_all(game, state)
    first = game.is_legal(state, REDEAL)
    game.apply(state, REDEAL)
    turned = len(state.history)
    _turn_all(game, state)
    idle = game.is_legal(state, REDEAL)
    while len(state.history) > turned:
        game.undo(state)
    talon = game.rules.piles_of("talon")[0]
    while state.piles[0]:
        moves = [m for m in game.legal_moves(state) if m.src == 0]
        placing = next((m for m in moves if m.dst != talon), None)
        if placing is not None:
            break
        game.apply(state, next(m for m in moves if m.dst == talon))
    else:
        return ClaimResult(False, "no card from the talon could be placed in deal 0: nothing shown")
    game.apply(state, placing)
    _turn_all(game, state)
    useful = game.is_legal(state, REDEAL)
    holds = first and not idle and useful
    return ClaimResult(holds, f"redeal after the first pass {first}, after an idle pass {idle}, "
                              f"after a pass placing {card_name(placing.card)} {useful}")


def area_colour(game: Game, area: str, colour: str) -> ClaimResult:
    """The area holds only cards of the colour, in deals and along random playouts."""
    piles = _piles(game, area, "")
    for state, _ in _playouts(game, length=200):
        wrong = [c for p in piles for c in state.piles[p] if is_red(c) != (colour == "red")]
        if wrong:
            return ClaimResult(False, f"{area} held {card_name(wrong[0])}")
    return ClaimResult(True, f"the {area} held only {colour} cards")


def _pairs(game: Game, length: int = 200):
    for state, moves in _playouts(game, length=length):
        yield state, [m for m in moves if m.kind == PAIR]


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


def pairs_same_rank(game: Game) -> ClaimResult:
    """Along random playouts every paired move joins two cards of the same rank."""
    count = 0
    for _, pairs in _pairs(game):
        for move in pairs:
            count += 1
            if rank_of(move.card) != rank_of(move.card2):
                return ClaimResult(False, f"legal: {game.describe(move)}")
    return ClaimResult(count > 0, f"{count} pairs, all of one rank")


def pairs_only(game: Game, areas: list) -> ClaimResult:
    """Cards leave these areas for the foundations only in pairs, one from each area."""
    groups = [set(_piles(game, area, "")) for area in areas]
    count = 0
    for _, moves in _playouts(game):
        for move in moves:
            if move.kind == "move" and game.rules.role(move.dst) == "foundation":
                return ClaimResult(False, f"single: {game.describe(move)}")
            if move.kind == PAIR:
                count += 1
                if not ({move.src, move.src2} & groups[0] and {move.src, move.src2} & groups[1]):
                    return ClaimResult(False, f"not one from each: {game.describe(move)}")
    return ClaimResult(count > 0, f"{count} pairs seen, each one from {areas[0]} and one from {areas[1]}")


def turns_alternate(game: Game) -> ClaimResult:
    """Two players: along playouts each move is the player-to-move's, and the turn passes
    only when the mover has nothing left to do."""
    switches = 0
    for state, moves in _playouts(game, length=400):
        player = player_to_move(game, state)
        if any(owner(game.rules, m.src) != player for m in moves):
            return ClaimResult(False, "a move of the other player was offered")
        if state.history:
            last = owner(game.rules, state.history[-1][0].src)
            if last != player:
                switches += 1
                if game.moves_of(state, last):
                    return ClaimResult(False, "the turn passed while the mover could still play")
    return ClaimResult(switches > 0, f"the turn passed {switches} times, each time from a player with no move left")


def pairs_same_card(game: Game) -> ClaimResult:
    """Every pair joins a card of one player with the same card (suit and rank) of the other."""
    count = 0
    for _, pairs in _pairs(game, length=400):
        for move in pairs:
            count += 1
            if card_name(move.card) != card_name(move.card2) or owner(game.rules, move.src) == owner(game.rules, move.src2):
                return ClaimResult(False, f"legal: {game.describe(move)}")
    return ClaimResult(count > 0, f"{count} pairs, each of one card from each pack")


def first_turns_up(game: Game, area: str) -> ClaimResult:
    """Along random playouts, when the second player first comes to move, every packet
    of the first player (``area``) shows its top card open."""
    turn_up = next(c for c in game.rules.turn_ups)
    opened = game.rules.areas[turn_up.to[turn_up.source.index(area)]].piles
    packets = game.rules.areas[area].piles
    for number in range(6):
        for state, _ in _playouts(game, deals=[number]):
            if player_to_move(game, state) == 1:
                shut = [game.rules.pile_name(p) for p, o in zip(packets, opened) if state.piles[p] and not state.piles[o]]
                if shut:
                    return ClaimResult(False, f"deal {number}: the second player began with {shut} unturned")
                break
        else:
            return ClaimResult(False, f"deal {number}: the second player never came to move")
    return ClaimResult(True, "in deals 0–5 the second player began only once every first packet was turned up")


def own_packs(game: Game) -> ClaimResult:
    """In deals 0–4 every card a player holds comes from his own pack."""
    for number in range(5):
        state = game.deal(number)
        for pile, cards in enumerate(state.piles):
            player = owner(game.rules, pile)
            if player is not None and any(pack_of(c) != player for c in cards):
                return ClaimResult(False, f"deal {number}: {game.rules.pile_name(pile)} holds a card of the other pack")
    return ClaimResult(True, "each player's cards are all of his own pack")


def exchange_both_ways(game: Game, rising: str, falling: str) -> ClaimResult:
    """With A♥…5♥ rising and K♥…6♥ falling, 5♥ may go onto 6♥ and 6♥ onto 5♥, one card
    at a time; and a legal exchange is undone by the opposite one."""
    up, down = _piles(game, rising)[0], _piles(game, falling)[0]
    state = build(game, {game.rules.pile_name(up): [f"{r}♥/1" for r in ("A", 2, 3, 4, 5)],
                         game.rules.pile_name(down): [f"{r}♥/1" for r in ("K", "Q", "J", 10, 9, 8, 7, 6)]})
    moves = {(m.src, m.dst): m for m in game.legal_moves(state) if m.kind == "move"}
    there, back = moves.get((up, down)), moves.get((down, up))
    if not (there and back):
        return ClaimResult(False, f"exchanges offered: {[game.describe(m) for m in moves.values()]}")
    game.apply(state, there)
    returned = any(m.src == down and m.dst == up and m.card == there.card for m in game.legal_moves(state))
    return ClaimResult(returned, f"{game.describe(there)} and {game.describe(back)} legal; back again: {returned}")


def moves_from_foundations(game: Game) -> ClaimResult:
    """Holds if, along random playouts, some legal move takes a card off a foundation."""
    for _, moves in _playouts(game):
        for move in moves:
            if move.kind in ("move", PAIR) and game.rules.role(move.src) == "foundation":
                return ClaimResult(True, f"legal: {game.describe(move)}")
    return ClaimResult(False, "no card ever left a foundation in random playouts")


def only_to_row_ends(game: Game, source: str, target: str) -> ClaimResult:
    """Along random playouts a card of row i of ``source`` goes only to an end pile of
    row i of ``target``; and such moves occur."""
    source_rows, target_rows = rows_of(game.rules, source), rows_of(game.rules, target)
    row_of = {p: i for i, row in enumerate(source_rows) for p in row}
    seen = 0
    for _, moves in _playouts(game):
        for move in moves:
            if move.kind == "move" and move.src in row_of and game.rules.pile_area[move.dst] == target:
                seen += 1
                if move.dst not in ends(target_rows[row_of[move.src]]):
                    return ClaimResult(False, f"legal: {game.describe(move)}")
    return ClaimResult(seen > 0, f"{seen} moves from the {source}, all to the ends of the matching row")


def only_to_line_ends(game: Game, source: str, target: str) -> ClaimResult:
    """Along random playouts a card of row r, column c of ``source`` goes only to the
    piles of ``target`` at the ends of row r and of column c; and such moves occur."""
    grid = rows_of(game.rules, source)
    frame = game.rules.areas[target].piles
    columns, rows = len(grid[0]), len(grid)
    allowed = {pile: {frame[c], frame[columns + 2 * r], frame[columns + 2 * r + 1], frame[columns + 2 * rows + c]}
               for r, row in enumerate(grid) for c, pile in enumerate(row)}
    seen = 0
    for _, moves in _playouts(game):
        for move in moves:
            if move.kind == "move" and move.src in allowed and game.rules.pile_area[move.dst] == target:
                seen += 1
                if move.dst not in allowed[move.src]:
                    return ClaimResult(False, f"legal: {game.describe(move)}")
    return ClaimResult(seen > 0, f"{seen} moves from the {source}, all to the ends of the card's row or column")


def playing_order(game: Game, area: str, pairs: list) -> ClaimResult:
    """On a hand-built packet topped by the second card of each pair (♥), the first is
    taken; the same card of another suit is not."""
    pile = _piles(game, area, "")[0]
    refused = []
    for upper, lower in pairs:
        state = build(game, {game.rules.pile_name(pile): [f"{lower}♥/1"]})
        same, other = card(parse_rank(upper), 2, 1), card(parse_rank(upper), 0, 1)
        if not game.accepts(state, pile, same, "stock") or game.accepts(state, pile, other, "stock"):
            refused.append(f"{upper} on {lower}")
    return ClaimResult(not refused, f"not as stated: {refused}" if refused else f"taken in suit: {pairs}")


def only_from_to_role(game: Game, area: str, role: str) -> ClaimResult:
    """Along random playouts every card reaching a pile of ``role`` comes from ``area``."""
    piles, seen = set(_piles(game, area, "")), 0
    for _, moves in _playouts(game, length=600):
        for move in moves:
            if move.kind == "move" and game.rules.role(move.dst) == role:
                seen += 1
                if move.src not in piles:
                    return ClaimResult(False, f"legal: {game.describe(move)}")
    return ClaimResult(seen > 0, f"{seen} moves to a {role}, all from the {area}")


def redeal_keeps_order(game: Game, area: str, cards: int) -> ClaimResult:
    """Along random playouts, at each redeal the first pile of ``area`` is laid out again
    with the ``cards`` that lay at the bottom of the first pile before: taken up from
    the left, in order."""
    first, seen = _piles(game, area, "")[0], 0
    for state, moves in _playouts(game, length=1000):
        if REDEAL in moves and len(state.piles[first]) >= cards:
            bottom = state.piles[first][:cards]
            game.apply(state, REDEAL)
            laid = state.piles[first][:cards]
            game.undo(state)
            seen += 1
            if laid != bottom:
                return ClaimResult(False, f"{[card_name(c) for c in bottom]} became {[card_name(c) for c in laid]}")
    return ClaimResult(seen > 0, f"{seen} redeals, each laying the first packet's bottom {cards} cards out first")


def pair_may_wait(game: Game) -> ClaimResult:
    """Whenever a pair is legal and the pack has cards, the pack may be turned instead."""
    seen = 0
    for state, moves in _playouts(game):
        if state.piles[0] and any(m.kind == PAIR for m in moves):
            seen += 1
            if not any(m.kind == "move" and m.src == 0 for m in moves):
                return ClaimResult(False, "a pair was the only thing left to do with cards in the pack")
    return ClaimResult(seen > 0, f"in {seen} positions with a pair open the pack could be turned instead")


def talon_takes_playable(game: Game, area: str) -> ClaimResult:
    """A card of the pack that could be placed may still go to the talon."""
    talons = set(_piles(game, area, ""))
    for state, moves in _playouts(game):
        from_pack = [m for m in moves if m.kind == "move" and m.src == 0]
        if any(m.dst in talons for m in from_pack) and any(m.dst not in talons for m in from_pack):
            return ClaimResult(True, f"e.g. {[game.describe(m) for m in from_pack][:3]}")
    return ClaimResult(False, "no card of the pack was ever both placeable and offered to the talon")


def pair_frees_next(game: Game) -> ClaimResult:
    """After each pair along random playouts, the mover keeps the turn and may turn up
    the next card of the packet his paired card came from."""
    turn_up = game.rules.turn_ups[0]
    opened = {place: packet for source, target in zip(turn_up.source, turn_up.to)
              for packet, place in zip(game.rules.areas[source].piles, game.rules.areas[target].piles)}
    seen = 0
    for state, moves in _playouts(game, length=400):
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


MORE_CHECKS = {
    "pair_frees_next": pair_frees_next,
    "redeal_keeps_order": redeal_keeps_order,
    "pair_may_wait": pair_may_wait,
    "talon_takes_playable": talon_takes_playable,
    "only_from_to_role": only_from_to_role,
    "only_to_row_ends": only_to_row_ends,
    "only_to_line_ends": only_to_line_ends,
    "playing_order": playing_order,
    "own_packs": own_packs,
    "moves_from_foundations": moves_from_foundations,
    "exchange_both_ways": exchange_both_ways,
    "foundation_piles": foundation_piles,
    "foundations_wait_until_placed": foundations_wait_until_placed,
    "marriage_kept": marriage_kept,
    "redeal_needs_progress": redeal_needs_progress,
    "area_colour": area_colour,
    "first_pairs": first_pairs,
    "pairs_same_rank": pairs_same_rank,
    "pairs_only": pairs_only,
    "turns_alternate": turns_alternate,
    "pairs_same_card": pairs_same_card,
    "first_turns_up": first_turns_up,
}
