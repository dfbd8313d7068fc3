"""The citable-deal machinery: SplitMix64, seeding, shuffle, and pinned deals."""

from hypothesis import given
from hypothesis import strategies as st

from patience.cards import card_name
from patience.engine import rng
from patience.rulespec.compile import load_game


def test_splitmix64_matches_the_published_reference_outputs():
    # First outputs of SplitMix64 seeded with 0, as printed by the reference C code.
    generator = rng.SplitMix64(0)
    assert [generator.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
    ]


def test_seed_is_the_first_eight_bytes_of_sha256():
    # SHA-256 of the empty string begins e3b0c442 98fc1c14.
    assert rng.seed("") == 0xE3B0C44298FC1C14


def test_pinned_seed_and_shuffle_vectors():
    assert rng.seed("sultan:7") == 0xD80A5B16D3008CEE
    assert rng.shuffle(list(range(10)), "vector:1") == [6, 5, 7, 8, 3, 0, 1, 9, 4, 2]


def test_pinned_deals_are_the_same_on_every_machine():
    calculation = load_game("calculation")
    state = calculation.deal(1)
    assert [card_name(c) for c in state.piles[0][::-1][:10]] == [
        "J♦", "Q♥", "6♠", "J♥", "8♠", "6♣", "K♦", "3♦", "7♠", "Q♦"]
    foundations = calculation.rules.piles_of("foundation")
    assert [card_name(state.piles[p][0]) for p in foundations] == ["A♣", "2♣", "3♥", "4♣"]
    napoleon = load_game("napoleon")
    assert [card_name(c) for c in napoleon.deal(2024).piles[1]] == ["J♥", "Q♥", "A♦", "3♣"]


def test_different_numbers_and_games_give_different_deals():
    napoleon = load_game("napoleon")
    assert napoleon.deal(1).piles != napoleon.deal(2).piles
    assert load_game("napoleon:twelve").deal(1).piles[0] != napoleon.deal(1).piles[0]


@given(st.integers(min_value=1, max_value=10**6), st.integers(min_value=0, max_value=2**64 - 1))
def test_below_stays_in_range(bound, state):
    assert 0 <= rng.SplitMix64(state).below(bound) < bound


@given(st.lists(st.integers(), max_size=60), st.text(max_size=10))
def test_shuffle_is_a_permutation(items, key):
    assert sorted(rng.shuffle(items, key)) == sorted(items)
