"""The primitives of La Nivernaise, the Empress of India, the Zodiac, Sympathie and the
rest, in hand-built positions and under hypothesis; the CLI for every game."""

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from patience.cards import card_code, parse_card
from patience.claims import run_claim
from patience.cli import main
from patience.datafile import DataFileError
from patience.engine import IllegalMove, Move, rows
from patience.engine.actions import owner, player_to_move
from patience.engine.autoplay import autoplay
from patience.engine.game import REDEAL, Game, position
from patience.rulespec.compile import compile_rules, games, load_game, rules_from_file
from patience.rulespec.loading import find
from patience.views.jsonio import move_from_json, move_to_json
from tests.editing import line_of

DATA = Path(__file__).parent / "data"
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
deals = st.integers(min_value=0, max_value=10**9)
picks = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=60)


def pile(game, name):
    return next(p for p in range(len(game.rules.pile_area)) if game.rules.pile_name(p) == name)


def played(game, number, choices):
    state = game.deal(number)
    for pick in choices:
        moves = game.legal_moves(state)
        if not moves:
            break
        game.apply(state, moves[pick % len(moves)])
    return state


# -- paired moves and turning up: refused when wrong, undone exactly ------------------------------
def wrong_pairs(game, state):
    """Pairs and turn-ups that are not legal: a card swapped for one not on top or not
    matching, a player's move made by the other, the two cards from one side."""
    legal = set(game.legal_moves(state))
    wrong = []
    for move in legal:
        if move.kind == "pair":
            wrong.append(Move("pair", move.card2, move.src2, move.dst2, move.card, move.src, move.dst))
            wrong.append(Move("pair", move.card, move.src, move.dst, move.card, move.src, move.dst))
            under = state.piles[move.src][:-1]
            if under:
                wrong.append(Move("pair", under[-1], move.src, move.dst, move.card2, move.src2, move.dst2))
        if move.kind == "turn_up":
            other = [p for p in range(len(state.piles)) if owner(game.rules, p) not in (None, owner(game.rules, move.src))
                     and game.rules.pile_area[p] == game.rules.pile_area[move.src].replace("first", "second")]
            if other and state.piles[other[0]]:
                wrong.append(Move("turn_up", state.piles[other[0]][-1], other[0], move.dst))
    return [m for m in wrong if m not in legal]


@pytest.mark.parametrize("game_id", ["empress", "sympathie"])
@SETTINGS
@given(number=deals, choices=picks, which=st.integers(min_value=0, max_value=10**6))
def test_a_wrong_pair_or_turn_up_is_refused_and_changes_nothing(game_id, number, choices, which):
    game = load_game(game_id)
    state = played(game, number, choices)
    wrong = wrong_pairs(game, state)
    assume(wrong)  # a position with no wrong pair to try is no example (Hypothesis says if too many are)
    before, history = state.snapshot(), len(state.history)
    with pytest.raises(IllegalMove, match="illegal move"):
        game.apply(state, wrong[which % len(wrong)])
    assert state.snapshot() == before and len(state.history) == history


@pytest.mark.parametrize("game_id", ["empress", "sympathie"])
@SETTINGS
@given(number=deals, choices=picks)
def test_pairs_and_turn_ups_round_trip_through_json(game_id, number, choices):
    game = load_game(game_id)
    state = played(game, number, choices)
    for move in game.legal_moves(state):
        assert move_from_json(game, move_to_json(game, move)) == move


# -- the Empress of India ----------------------------------------------------------------------------
EMPRESS_BASES = {
    **{f"ace foundation {n}": [f"A{'♣♠'[n % 2]}/{(n - 1) // 2 + 1}"] for n in range(1, 9)},
    **{f"king foundation {n}": [f"K{'♥♦'[n % 2]}/{(n - 1) // 2 + 1}"] for n in range(1, 9)},
    "empress": ["Q♣/4"], "discarded": ["Q♠/1", "Q♠/2", "Q♠/3", "Q♠/4", "Q♣/1", "Q♣/2", "Q♣/3"],
    "guard": [f"J{s}/{p}" for s in "♥♦" for p in range(1, 5)],
}


def test_empress_a_pair_is_a_red_army_card_with_a_black_navy_card_each_to_its_foundation():
    game = load_game("empress")
    state = position(game, {**EMPRESS_BASES, "army 1": ["Q♥/1"], "navy 1": ["2♣/1"], "navy 2": ["2♠/1"],
                            "red talon": ["5♥/1", "9♦/1"], "black talon": ["7♣/1"]})
    pairs = {game.describe(m) for m in game.legal_moves(state) if m.kind == "pair"}
    assert pairs == {"Q♥ army 1 + 2♣ navy 1 → king foundation 2, ace foundation 2",
                     "Q♥ army 1 + 2♠ navy 2 → king foundation 2, ace foundation 1"}
    # no single card goes up alone
    assert not [m for m in game.legal_moves(state) if m.kind == "move" and game.rules.role(m.dst) == "foundation"]
    game.apply(state, game.parse_move(state, "Q♥ army 1 + 2♣ navy 1 → king foundation 2, ace foundation 2"))
    # both spaces filled at once, each from the talon of its colour
    assert [card_code(c) for c in state.piles[pile(game, "army 1")]] == ["9♦/1"]
    assert [card_code(c) for c in state.piles[pile(game, "navy 1")]] == ["7♣/1"]


def test_empress_a_space_waits_for_a_card_of_its_colour_from_the_pack():
    game = load_game("empress")
    state = position(game, {**EMPRESS_BASES, "army 1": ["Q♥/1"], "navy 1": ["2♣/1"]})
    stock = state.piles[0]
    stock.remove(parse_card("5♦/4"))
    stock += [parse_card("5♦/4"), parse_card("5♠/4")]  # the pack's top: a black card, then a red
    game.apply(state, game.parse_move(state, "Q♥ army 1 + 2♣ navy 1 → king foundation 2, ace foundation 2"))
    # the black card fills the navy; the next, red, fills the army
    assert [card_code(c) for c in state.piles[pile(game, "navy 1")]] == ["5♠/4"]
    assert [card_code(c) for c in state.piles[pile(game, "army 1")]] == ["5♦/4"]


# -- La Nivernaise -------------------------------------------------------------------------------------
def test_nivernaise_an_emptied_packet_of_the_line_gets_four_cards_at_once():
    game = load_game("nivernaise")
    state = position(game, {"line 1": ["A♣/1"], **{f"line {n}": ["9♦/1"] if n == 2 else [f"{n}♠/1"] for n in range(2, 7)}})
    top_four = [card_code(c) for c in state.piles[0][-4:]][::-1]
    game.apply(state, game.parse_move(state, "A♣ line 1 → ace foundation 1"))
    assert [card_code(c) for c in state.piles[pile(game, "line 1")]] == top_four


def test_nivernaise_the_line_is_gathered_from_the_left_and_laid_out_again_once():
    game = load_game("nivernaise")
    flanks = {f"flank {n}": [f"{n + 1}♣/1"] for n in range(1, 9)}
    state = position(game, flanks)
    rest = sorted(state.piles[0], key=lambda c: card_code(c)[0] not in "AK")  # aces and kings underneath
    state.piles[0] = []
    for index in range(6):
        state.piles[pile(game, f"line {index + 1}")] = rest[index::6]
    old_line_1 = [card_code(c) for c in state.piles[pile(game, "line 1")]]
    assert game.legal_moves(state) == [REDEAL]
    game.apply(state, REDEAL)
    assert all(len(state.piles[pile(game, f"line {n}")]) == 4 for n in range(1, 7))
    assert [card_code(c) for c in state.piles[pile(game, "line 1")]] == old_line_1[:4]
    assert all(state.piles[pile(game, name)] == [parse_card(codes[0])] for name, codes in flanks.items())
    assert state.passes == 2 and not game.is_legal(state, REDEAL)


def test_nivernaise_no_row_while_a_card_can_go_up_but_an_exchange_does_not_stop_it():
    game = load_game("nivernaise")
    state = position(game, {"ace foundation 1": ["A♥/1", "2♥/1"], "king foundation 1": ["K♥/1", "Q♥/1", "J♥/1", "10♥/1",
                            "9♥/1", "8♥/1", "7♥/1", "6♥/1", "5♥/1", "4♥/1", "3♥/1"],
                            **{f"flank {n}": [f"{n + 1}♣/1"] for n in range(1, 9)},
                            **{f"line {n}": [f"{n + 4}♠/1", f"{n + 4}♠/2"] for n in range(1, 7)}})
    moves = {game.describe(m) for m in game.legal_moves(state)}
    assert moves == {"3♥ king foundation 1 → ace foundation 1", "2♥ ace foundation 1 → king foundation 1",
                     "deal a row"}


# -- the Zodiac --------------------------------------------------------------------------------------
def test_zodiac_foundations_open_only_once_pack_and_talon_are_empty():
    game = load_game("zodiac")
    state = position(game, {"zodiac 1": ["A♠/1"], "talon": ["9♦/2"]})
    assert not any(game.rules.role(m.dst) == "foundation" for m in game.legal_moves(state))
    rest = state.piles[0] + state.piles[pile(game, "talon")]
    state.piles[0], state.piles[pile(game, "talon")] = [], []
    state.piles[pile(game, "zodiac 2")] = rest
    state.edited()  # the piles were changed by hand after the engine saw them
    assert "A♠ zodiac 1 → ace foundation 1" in {game.describe(m) for m in game.legal_moves(state)}


def test_zodiac_a_packet_may_turn_but_keeps_its_suit():
    game = load_game("zodiac")
    state = position(game, {"zodiac 1": ["5♣/1", "6♣/1"], "zodiac 2": ["9♦/1"]})
    state.piles[0].append(parse_card("7♣/2"))
    state.edited()
    assert "7♣ stock → zodiac 1" in {game.describe(m) for m in game.legal_moves(state)}
    state.piles[0][-1] = parse_card("5♣/2")
    state.edited()
    assert "5♣ stock → zodiac 1" in {game.describe(m) for m in game.legal_moves(state)}
    state.piles[0][-1] = parse_card("8♦/2")
    state.edited()
    assert "8♦ stock → zodiac 2" in {game.describe(m) for m in game.legal_moves(state)}
    state.piles[0][-1] = parse_card("7♦/2")
    state.edited()
    assert "7♦ stock → zodiac 1" not in {game.describe(m) for m in game.legal_moves(state)}


def test_zodiac_the_equator_marries_onto_the_zodiac_and_its_space_is_filled():
    game = load_game("zodiac")
    state = position(game, {"zodiac 1": ["5♣/1"], "zodiac 2": ["9♦/1"], "equator 1": ["6♣/1"], "talon": ["K♠/1"]})
    moves = {game.describe(m) for m in game.legal_moves(state)}
    assert "6♣ equator 1 → zodiac 1" in moves
    assert not any(m.startswith(("5♣ zodiac", "6♣ equator 1 → equator")) for m in moves)
    game.apply(state, game.parse_move(state, "6♣ equator 1 → zodiac 1"))
    assert "K♠ talon → equator 1" in {game.describe(m) for m in game.legal_moves(state)}


# -- the Besieged City -------------------------------------------------------------------------------
def test_besieged_foundations_go_in_the_order_of_play_and_back_out_to_the_ace():
    game = load_game("besieged")
    sequence = game.rules.foundation[pile(game, "foundation 1")].sequence
    assert sequence == (1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1)


def test_besieged_a_reserve_card_goes_to_the_ends_of_its_row_and_its_column_only():
    game = load_game("besieged")
    flow = next(f for f in game.rules.flows if f.position == "line_ends")
    targets = {game.rules.pile_name(src): {game.rules.pile_name(t) for t in dsts}
               for srcs, dsts in rows.line_ends(game.rules, flow) for src in srcs}
    # the frame in reading order: trenches 1-3 above the columns, then the left and right
    # end of each row (4-5, 6-7, 8-9, 10-11), then 12-14 below the columns
    assert targets["reserve 6"] == {"trench 3", "trench 6", "trench 7", "trench 14"}
    assert targets["reserve 10"] == {"trench 1", "trench 10", "trench 11", "trench 12"}
    assert len(targets) == 12 and set().union(*targets.values()) == {f"trench {n}" for n in range(1, 15)}
    state = position(game, {"reserve 6": ["4♥/2"], "trench 6": ["5♥/1"], "trench 8": ["5♥/2"], "trench 14": ["10♥/1"]})
    moves = {game.describe(m) for m in game.legal_moves(state) if m.card == parse_card("4♥/2")}
    assert {"4♥ reserve 6 → trench 6", "4♥ reserve 6 → trench 14"} <= moves
    assert "4♥ reserve 6 → trench 8" not in moves


def test_besieged_deal_2_is_won_by_the_recorded_moves():
    game = load_game("besieged")
    state = game.deal(2)
    lines = (DATA / "besieged-2.moves").read_text(encoding="utf-8").splitlines()
    for line in lines:
        game.apply(state, game.parse_move(state, line))
    assert game.is_won(state)


# -- the British Constitution ----------------------------------------------------------------------
DIVISIONS = ("privy council", "house of lords", "house of commons", "people")


def constitution(rows: dict):
    """A position with the given piles, every other place of the four divisions given a
    card from the bottom of the pack (so no space is open but those the test makes)."""
    game = load_game("constitution")
    state = position(game, rows)
    for name in DIVISIONS:
        for p in game.rules.areas[name].piles:
            if not state.piles[p]:
                state.piles[p].append(state.piles[0].pop(0))
    state.edited()
    return game, state


def test_constitution_a_space_is_filled_at_once_by_a_card_of_the_division_below_of_the_players_choosing():
    game, state = constitution({"privy council 1": ["2♠/1"], "house of lords 1": ["9♥/1"],
                                "house of commons 1": ["4♣/1"], "people 1": ["3♥/1"],
                                "foundation 1": ["A♠/1"], "talon": ["7♦/2"]})
    game.apply(state, game.parse_move(state, "2♠ privy council 1 → foundation 1"))
    council, lords = pile(game, "privy council 1"), game.rules.areas["house of lords"].piles
    moves = game.legal_moves(state)
    assert {(m.src, m.dst) for m in moves} == {(p, council) for p in lords}  # any card of the Lords, nothing else
    assert not any(game.is_legal(state, m) for m in game.card_moves(state) if m.dst != council)
    game.apply(state, game.parse_move(state, "9♥ house of lords 1 → privy council 1"))
    assert {game.describe(m) for m in game.legal_moves(state)} >= {"4♣ house of commons 1 → house of lords 1"}
    assert all(m.dst == pile(game, "house of lords 1") for m in game.legal_moves(state))
    game.apply(state, game.parse_move(state, "4♣ house of commons 1 → house of lords 1"))
    game.apply(state, game.parse_move(state, "3♥ people 1 → house of commons 1"))
    # the People's space is filled at once from the talon, before the pack
    assert [card_code(c) for c in state.piles[pile(game, "people 1")]] == ["7♦/2"]


def test_constitution_cards_climb_in_sequence_descending_in_alternate_colours():
    game, state = constitution({"privy council 1": ["10♠/1"], "house of lords 1": ["9♥/1"], "house of lords 2": ["9♣/1"],
                                "house of commons 1": ["8♠/1"], "people 1": ["7♦/1"]})
    moves = {game.describe(m) for m in game.legal_moves(state)}
    assert "9♥ house of lords 1 → privy council 1" in moves
    assert "9♣ house of lords 2 → privy council 1" not in moves
    assert "8♠ house of commons 1 → house of lords 1" in moves
    assert not any(m.startswith(("7♦ people 1 → house of lords", "8♠ house of commons 1 → privy")) for m in moves)


def test_constitution_deal_6_is_won_by_the_recorded_moves():
    game = load_game("constitution")
    state = game.deal(6)
    for line in (DATA / "constitution-6.moves").read_text(encoding="utf-8").splitlines():
        game.apply(state, game.parse_move(state, line))
    assert game.is_won(state)


# -- Sympathie: two players ------------------------------------------------------------------------
def test_sympathie_the_first_partner_begins_and_the_turn_passes_when_he_cannot_play():
    game = load_game("sympathie")
    state = game.deal(3)
    assert player_to_move(game, state) == 0
    while player_to_move(game, state) == 0:
        game.apply(state, game.legal_moves(state)[0])
    assert all(owner(game.rules, m.src) == 1 for m in game.legal_moves(state))
    theirs = next(m for m in game.moves_of(state, 1) if m.kind == "turn_up")
    state2 = game.deal(3)
    with pytest.raises(IllegalMove):
        game.apply(state2, theirs)


def test_sympathie_a_pair_goes_to_the_mover_and_frees_the_next_card_of_his_packet():
    game = load_game("sympathie")
    state = game.deal(0)
    while True:
        moves = game.legal_moves(state)
        pairs = [m for m in moves if m.kind == "pair"]
        if pairs or not moves:
            break
        game.apply(state, moves[0])
    move = pairs[0]
    player = player_to_move(game, state)
    game.apply(state, move)
    assert state.piles[game.rules.areas["pairs"].piles[player]][-2:] == [move.card, move.card2]
    assert card_code(move.card)[:-2] == card_code(move.card2)[:-2] and move.card != move.card2


@pytest.mark.parametrize("number", range(5))
def test_sympathie_is_won_exactly_when_no_card_is_left_on_the_table(number):
    game = load_game("sympathie")
    state = game.deal(number)
    outcome = autoplay(game, state).outcome
    left = [c for p in range(len(state.piles)) if game.rules.role(p) == "tableau" for c in state.piles[p]]
    assert (outcome == "won") == (not left)


# -- the command line for every game ---------------------------------------------------------------
def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


PLAYABLE = [entry.id for entry in games() if entry.playable]


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_deal_and_autoplay_work_for_every_playable_game(capsys, game_id):
    status, out, _ = run(capsys, "deal", game_id, "2")
    assert status == 0 and "deal 2, pass 1" in out.splitlines()[0]
    status, out, _ = run(capsys, "autoplay", game_id, "2")
    assert status == 0 and out.strip()


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_play_takes_a_numbered_move_and_quits(capsys, monkeypatch, game_id):
    status, out, _ = run(capsys, "play", game_id, "1", stdin="1\nq\n", monkeypatch=monkeypatch)
    assert status == 0 and out.count("deal 1") >= 2
def test_games_lists_all_eleven_with_their_status(capsys):
    status, out, _ = run(capsys, "games")
    lines = {line.split()[0]: line for line in out.splitlines()}
    expected = {"nivernaise": "complete", "empress": "complete", "zodiac": "complete", "sympathie": "complete",
                "constitution": "partial", "besieged": "partial", "paquets": "fragmentary"}
    for game_id, status_word in expected.items():
        assert game_id in lines and status_word in lines[game_id], lines.get(game_id)
    assert "not playable" in lines["paquets"]


def test_a_fragmentary_game_is_refused_by_deal(capsys):
    status, _, err = run(capsys, "deal", "paquets", "0")
    assert status != 0 and "cannot be played" in err


# -- a wrong parameter in the new specs is caught ------------------------------------------------
def _altered(game_id, clause_id, changes):
    spec, lines, path = find(game_id)
    clauses = [type(c).model_validate({**c.model_dump(by_alias=True), **changes}) if c.id == clause_id else c
               for c in spec.clauses]
    spec = spec.model_copy(update={"clauses": clauses})
    rules = compile_rules(spec, clauses, path, game_id, lines)
    return spec, Game(rules)


@pytest.mark.parametrize("game_id, clause_id, changes, claim_id", [
    ("zodiac", "equator", {"piles": 9, "plate": {"shape": "row", "per_group": 9}}, "equator-of-eight"),
    ("zodiac", "zodiac-to-foundations", {"when": "always"}, "no-foundation-before-the-end"),
    ("zodiac", "marriage", {"kept": True}, "packet-holds-both-orders"),
    ("zodiac", "equator-marriages", {"from": "zodiac"}, "no-marriage-within-the-zodiac"),
    ("zodiac", "talon-again", {"redeals": 3}, "talon-again-while-it-helps"),
    ("nivernaise", "line-spaces", {"cards": 3}, "line-taken-up-from-the-left"),
    ("nivernaise", "second-deal", {"redeals": 2}, "laid-out-twice"),
    ("empress", "admirals", {"skip": []}, "admirals-rise-to-kings"),
    ("empress", "pairs", {"match": "same_card"}, "first-pair"),
    ("empress", "army", {"colour": None}, "army-is-red"),
    ("besieged", "reserve-to-trenches", {"position": "any"}, "reserve-only-to-line-ends"),
    ("besieged", "marriage", {"playing_order": False}, "queen-on-two"),
    ("constitution", "council-to-foundations", {"from": "house of lords"}, "foundations-only-from-the-council"),
    ("sympathie", "first-deal", {"cards_each": 2}, "seventeen-packets-of-three"),
    ("sympathie", "pairing", {"match": "any"}, "pairs-are-the-same-card"),
])
def test_a_wrong_parameter_in_a_new_spec_makes_the_claim_that_states_it_fail(game_id, clause_id, changes, claim_id):
    spec, game = _altered(game_id, clause_id, changes)
    claim = next(c for c in spec.claims if c.id == claim_id)
    assert run_claim(game, claim).holds != (claim.expect == "holds")


def test_the_layout_of_a_two_player_game_says_whose_turn_it_is(capsys):
    status, out, _ = run(capsys, "deal", "sympathie", "0")
    assert status == 0 and out.splitlines()[-1] == "  To move: the first player."
    assert out.count("[3 face down]") == 34


def test_line_ends_round_a_grid_of_the_wrong_size_is_a_located_error():
    with pytest.raises(DataFileError, match="reserve-to-trenches.*frame 2 rows of 6 with 16 piles, not 14") as caught:
        _altered("besieged", "reserve", {"rows": 2})
    assert caught.value.line and caught.value.line > 1


def test_a_frame_plate_of_the_wrong_size_is_a_located_error(tmp_path):
    draft = tmp_path / "besieged.yaml"
    draft.write_text(find("besieged")[2].read_text(encoding="utf-8").replace(
        "plate: {shape: frame, groups: 4, per_group: 3", "plate: {shape: frame, groups: 4, per_group: 4"), encoding="utf-8")
    with pytest.raises(DataFileError, match="frame round 4 rows of 4 has 16 piles, not 14") as caught:
        rules_from_file(draft)
    assert caught.value.line == line_of(draft, "  - id: trenches")
