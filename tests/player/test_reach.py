"""The player's measure of how far the cards to come lie from home, and where it plays past
the pack's refills (:mod:`patience.player.reach`, :func:`patience.player.lookahead._guessing`)."""

from __future__ import annotations

from itertools import permutations

from patience.cards import suit_of
from patience.engine.visibility import hidden
from patience.player import play
from patience.player.lookahead import _filling, _guessing
from patience.player.reach import AHEAD, reach
from patience.rulespec.compile import games, load_game
from patience.solver.ordering import FAR, _hops


def legal(game, state, described: str):
    """The legal move of ``state`` described so."""
    return next(move for move in game.legal_moves(state) if game.describe(move) == described)


def played_to(game_id: str, number: int, described: str):
    """The game and the position of deal ``number`` after the legal move described so."""
    game = load_game(game_id)
    state = game.deal(number)
    game.apply(state, legal(game, state, described))
    return game, state


def test_a_wanted_card_one_division_nearer_gains_its_weight_once_for_each_foundation_that_wants_it():
    """Deal 1 of the Constitution, the 2♦ of the Privy Council played home: the two ace of
    spades both want a 2♠; one lies in the Council (one move from home), the other alone in
    the Lords (two). Lifting that one into the Council's space brings the second foundation's
    copy a move nearer: the next card wanted weighs 4. A 7♥, wanted by no heart foundation
    among its next three cards, changes nothing."""
    game, state = played_to("constitution", 1, "2♦ privy council 4 → foundation 7")
    before = reach(game, state)
    for described, gain in (("2♠ house of lords 3 → privy council 4", 4.0),
                             ("7♥ house of lords 4 → privy council 4", 0.0)):
        game.apply(state, legal(game, state, described))
        assert reach(game, state) - before == gain, described
        game.undo(state)


def reference_reach(game, state) -> float:
    """The cheapest assignment of distinct copies in sight to the cards the foundations want
    next, tried every way (a wish with no copy left counts FAR): the weights times the moves
    home, pile by pile from the rules."""
    rules, hops = game.rules, _hops(game)
    away: dict[int, list[int]] = {}
    for pile, cards in enumerate(state.piles):
        if rules.role(pile) in ("foundation", "aside") or hidden(game, state, pile):
            continue
        for above, card in enumerate(reversed(cards)):
            away.setdefault(card % 52, []).append(hops[pile] + above)
    wishes: dict[int, list[float]] = {}
    for pile, rule in rules.foundation.items():
        cards = state.piles[pile]
        if cards and rule.suit != "any":
            for ahead, rank in enumerate(rule.sequence[len(cards):][:len(AHEAD)]):
                wishes.setdefault(suit_of(cards[0]) * 13 + rank - 1, []).append(AHEAD[ahead])
    total = 0.0
    for face, weights in wishes.items():
        copies = away.get(face, []) + [FAR] * len(weights)
        total += min(sum(w * d for w, d in zip(weights, chosen)) for chosen in permutations(copies, len(weights)))
    return -total


def test_reach_is_the_cheapest_assignment_of_copies_on_every_position_of_a_game():
    """Along the player's game of deal 1 (and deal 3, which it wins), at every position."""
    game = load_game("constitution")
    for number in (1, 3):
        state = game.deal(number)
        for move in play(game, game.deal(number)).moves:
            assert reach(game, state) == reference_reach(game, state)
            game.apply(state, move)


def test_only_the_constitution_plays_past_the_refills_and_fills_its_spaces_within_a_move():
    """The look-ahead plays in a guessed world only where spaces are filled at once down to one
    the pack refills: of every playable game, the Constitution alone."""
    guessing = [entry.id for entry in games() if entry.playable and _guessing(load_game(entry.id))]
    assert guessing == ["constitution"]
    game, state = played_to("constitution", 1, "2♦ privy council 4 → foundation 7")
    assert _filling(game, state) == 1  # the Council's space waits for a card of the Lords
    game.apply(state, legal(game, state, "7♥ house of lords 4 → privy council 4"))
    assert _filling(game, state) == 1  # and now the Lords' for one of the Commons


def test_the_player_wins_constitution_deals_it_used_to_lose_all_of():
    """Of deals 1–8, where the solver wins 4 and the player once won none, it wins two."""
    game = load_game("constitution")
    won = [number for number in range(1, 9) if play(game, game.deal(number)).outcome == "won"]
    assert won == [3, 8]
