"""The look-ahead player: its moves against a record, its score against a plain reference.

The record (``data/player_moves.json``) holds, for a few deals of every game, the digest
of the moves the player makes (first written before its speed work, when its score was
computed pile by pile as :func:`reference_score` below still does; written again when it
stopped judging a move by the cards a space refilled from the pack turns up, and when the
solver it asks for counsel gained its beam); a player
made faster must make exactly the same moves. When the player's judgement changes on purpose, write the record again::

    python -m tests.player.test_player

and when a game or variant is added, or its rules change, write its own, the others kept:
``python -m tests.player.test_player GAME [GAME …]``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from benchmarks.bench_examples import examples
from patience.cards import suit_of
from patience.engine import rng
from patience.engine.game import Game
from patience.engine.state import State
from patience.engine.visibility import hidden
from patience.player import lookahead as player_module
from patience.player import play, sight
from patience.rulespec.compile import games, load_game
from patience.solver.ordering import FAR, _hops, score
from patience.stats import table
from patience.views.replay import Timed

RECORD = Path(__file__).parent / "data" / "player_moves.json"
GAME_IDS = [entry.id for entry in games() if entry.playable]
# Pairs of one rank only (rule I as printed): no pair is ever there to play, and the pack's
# turning is the one move of every position, so the player never chooses (tested below).
CHOICELESS = ["empress:russian-rule-one"]
CHOOSING = [game_id for game_id in GAME_IDS if game_id not in CHOICELESS]
DEALS = (1, 2)
EXAMPLES = dict(examples(Path(__file__).parents[2] / "docs"))  # the deal each game's page plays


def cases() -> list[tuple[str, int]]:
    return [(game_id, number) for game_id in GAME_IDS
            for number in sorted({*DEALS, *([EXAMPLES[game_id]] if game_id in EXAMPLES else [])})]


def digest(game: Game, number: int) -> str:
    playout = play(game, game.deal(number))
    moves = "\n".join(game.describe(move) for move in playout.moves)
    return f"{playout.outcome} {len(playout.moves)} {hashlib.sha256(moves.encode()).hexdigest()[:32]}"


def test_every_playable_game_has_its_example_on_its_page():
    assert sorted(EXAMPLES) == sorted({game_id.split(":")[0] for game_id in GAME_IDS})


@pytest.mark.parametrize(("game_id", "number"), cases())
def test_the_player_makes_the_recorded_moves(game_id, number):
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))
    assert f"{game_id} {number}" in recorded, (
        f"{game_id} has no recorded moves of deal {number}; record them: python -m tests.player.test_player {game_id}")
    assert digest(load_game(game_id), number) == recorded[f"{game_id} {number}"]


def test_a_timed_game_plays_as_the_game():
    game = load_game("duchess")
    timed = Timed(game, 600)
    assert isinstance(timed, Game) and timed.rules is game.rules
    assert digest(timed, 7) == digest(game, 7)


def reference_hidden(game: Game, state: State, pile: int) -> bool:
    """Face down: the stock; the Duchess's reserve until the stock is empty."""
    area = game.rules.areas[game.rules.pile_area[pile]]
    if area.face != "down":
        return False
    return area.role == "stock" or area.available_when != "stock_empty" or bool(state.piles[0])


def reference_score(game: Game, state: State, peek: bool) -> float:
    """The score as first written, pile by pile from the rules (see ordering.score)."""
    rules, piles = game.rules, state.piles
    need, nearest = reference_wanted(game, state)
    hops = _hops(game)
    total = 0.0
    for pile, cards in enumerate(piles):
        role = rules.role(pile)
        if role == "foundation":
            total += 100 * len(cards)
        elif role == "aside" or (not peek and reference_hidden(game, state, pile)):
            continue
        elif not cards:
            total += 8
        else:
            penalty, latest_above, above = 0.0, -1, 0
            for card in reversed(cards):
                key = card % 52
                wanted = need[key]
                if role != "stock" and latest_above > wanted:
                    penalty += 5 + 20 / (1 + wanted)
                latest_above = max(latest_above, wanted)
                for wish in (key, 52 + key % 13):
                    if wish in nearest and hops[pile] + above < nearest[wish]:
                        nearest[wish] = hops[pile] + above
                above += 1
            total -= penalty
    return total - sum(nearest.values())


def reference_wanted(game: Game, state: State) -> tuple[list[int], dict[int, int]]:
    need, wishes = [99] * 52, {}
    foundations, piles = game.rules.foundation, state.piles
    for pile, rule in foundations.items():
        cards = piles[pile]
        known = cards and rule.suit != "any"
        suits = (suit_of(cards[0]),) if known else range(4)
        if not cards and rule.distinct_suits:
            taken = {suit_of(piles[p][0]) for p, other in foundations.items() if other.area == rule.area and piles[p]}
            suits = [suit for suit in suits if suit not in taken]
        for distance, wanted in enumerate(rule.sequence[len(cards):]):
            for suit in suits:
                need[suit * 13 + wanted - 1] = min(need[suit * 13 + wanted - 1], distance)
            if not distance and suits:
                wishes[suits[0] * 13 + wanted - 1 if known else 52 + wanted - 1] = FAR
    return need, wishes


@pytest.mark.parametrize("game_id", CHOICELESS)
def test_a_game_left_out_of_the_choices_tests_offers_no_choice(game_id):
    game = load_game(game_id)
    for number in range(1, 6):
        state = game.deal(number)
        for move in play(game, game.deal(number)).moves:
            assert len(game.legal_moves(state)) == 1
            game.apply(state, move)


@pytest.mark.parametrize("game_id", [game_id for game_id in CHOOSING if game_id != "zodiac"])  # played by its plan
def test_the_score_is_the_reference_score_on_every_position_looked_at(game_id, monkeypatch):
    """Every position the player weighs on the first deals (more than 50 of them, as many
    deals as that takes: the worlds' counsel leaves the look-ahead little to weigh in some
    games), whether it sees every card or not."""
    game, looked = load_game(game_id), []

    def checked(game: Game, state: State) -> float:
        value = score(game, state)
        assert value == reference_score(game, state, peek=False)
        assert score(game, state, peek=True) == reference_score(game, state, peek=True)
        looked.append(not state.piles[0])
        return value

    monkeypatch.setattr(player_module, "score", checked)
    for number in range(1, 6):
        play(game, game.deal(number))
        if len(looked) > 50:
            break
    assert len(looked) > 50
    if game_id == "duchess":  # the reserve is looked at once the stock is empty
        assert any(looked) and not all(looked)


def permuted(game: Game, state: State, key: str, top: bool = True) -> State:
    """``state`` with its face-down cards (:func:`patience.engine.visibility.hidden`) dealt
    into their places again in another order (``top``: the pack's top card too)."""
    places = [(pile, depth) for pile, cards in enumerate(state.piles) if hidden(game, state, pile)
              for depth in range(len(cards) - (pile == 0 and not top))]
    cards = [state.piles[pile][depth] for pile, depth in places]
    shuffled = rng.shuffle(cards, key)
    if len(set(cards)) > 1 and shuffled == cards:
        shuffled = shuffled[1:] + shuffled[:1]
    other = state.copy()
    for (pile, depth), card in zip(places, shuffled):
        other.piles[pile][depth] = card
    other.edited()
    return other


def choice(game: Game, state: State, turned: bool) -> tuple:
    """The player's next move; if not ``turned``, as far as it may be known before the card
    it turns up is seen: a move that turns the pack's card is only *turning the pack*
    (where the card goes depends on the card), a packet turned up only *which packet*."""
    moves = play(game, state, max_moves=1).moves
    if not moves:
        return ()
    move = moves[0]
    if move.src == 0 and move.kind == "move" and not turned:
        return ("turn the pack",)
    if move.kind == "turn_up":
        return (move.kind, move.src)
    return tuple(move)


@pytest.mark.parametrize("game_id", CHOOSING)
def test_the_player_never_reads_a_face_down_card(game_id):
    """At twelve positions spread along a game of deal 3, each with a choice to make and
    cards face down: those cards dealt again in another order change nothing the player
    does before it turns a card, and, but for the pack's top card, nothing at all (once
    it turns the card, it sees it)."""
    game = load_game(game_id)
    state, positions = game.deal(3), []
    for move in play(game, game.deal(3)).moves:
        if len(game.legal_moves(state)) > 1 and any(hidden(game, state, pile) and len(set(state.piles[pile])) > 1
                                                    for pile in range(len(state.piles))):
            positions.append(state.copy())
        game.apply(state, move)
    assert len(positions) >= 3
    for number, position in enumerate(positions[::max(1, len(positions) // 12)][:12]):
        assert choice(game, permuted(game, position, f"{number}"), False) == choice(game, position.copy(), False)
        assert choice(game, permuted(game, position, f"{number}", top=False), True) == choice(game, position, True)


@pytest.mark.parametrize("game_id", ["duchess", "sultan", "sympathie"])
def test_a_world_keeps_what_is_seen_and_forgets_the_order_of_the_rest(game_id):
    """A world alike to a position: every pile in sight the same, the face-down cards the
    same cards, and the same world whatever their real order (from the same generator)."""
    game = load_game(game_id)
    state = game.deal(5)
    if game_id == "duchess":  # the pack out: the reserve in sight
        while state.piles[0]:
            moves = game.legal_moves(state)
            game.apply(state, next((move for move in moves if move.kind == "deal_row"), moves[0]))
    guess = sight.world(game, state, rng.SplitMix64(7))
    for pile, cards in enumerate(state.piles):
        if hidden(game, state, pile):
            assert len(guess.piles[pile]) == len(cards)
        else:
            assert guess.piles[pile] == cards
    assert sorted(guess.cards()) == sorted(state.cards())
    face_down = [cards for pile, cards in enumerate(state.piles) if hidden(game, state, pile)]
    assert (guess.piles != state.piles) == any(face_down)  # the Duchess's reserve is in sight once the pack is out
    assert sight.world(game, permuted(game, state, "other"), rng.SplitMix64(7)).piles == guess.piles
    turned = sight.world(game, state, rng.SplitMix64(7), turned=True)
    assert not state.piles[0] or turned.piles[0][-1] == state.piles[0][-1]


def record(game_ids: list[str]) -> None:
    """Write the moves of ``game_ids`` again, keeping the other games' as recorded."""
    stored = json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.exists() else {}
    data = {f"{game_id} {number}": digest(load_game(game_id), number) if game_id in game_ids
            else stored[f"{game_id} {number}"] for game_id, number in cases()
            if game_id in game_ids or f"{game_id} {number}" in stored}
    RECORD.parent.mkdir(exist_ok=True)
    RECORD.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    unknown = sorted(set(sys.argv[1:]) - set(GAME_IDS))
    if unknown:
        sys.exit(f"no playable game {', '.join(unknown)}; playable: {', '.join(GAME_IDS)}")
    record(sys.argv[1:] or GAME_IDS)


def test_every_example_is_a_deal_the_player_wins_where_the_table_knows_one():
    """The deal each game's page plays is one the player wins (as the stored table records
    it, and as it plays now), wherever the table records the player winning a deal at all."""
    stored = table.load()["games"]
    for game_id, number in EXAMPLES.items():
        rows = table.rows_of(stored.get(game_id))
        won = sorted(deal for deal, row in rows.items() if row["player"] == "won")
        if not won:
            continue
        advice = (f"docs/games/{game_id}.md plays deal {number}, which the player does not win; the first deal "
                  f"the stored table records it winning is {won[0]}: write {{rules-example}} {game_id} {won[0]} "
                  f"there and record its moves: python -m tests.player.test_player {game_id}")
        assert number in won, advice
        game = load_game(game_id)
        outcome = play(game, game.deal(number)).outcome
        assert outcome == "won", (f"the stored table records the player winning deal {number} of {game_id}, which it "
                                  f"now plays to {outcome!r}: the table is stale (patience check says how to recompute it)")
