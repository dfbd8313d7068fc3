"""Mutation testing of the specs: the mutants, the verdicts, the score, and a mutant that
each claim kills.

The whole run (every mutant of every playable game and variant) takes minutes; it is
marked ``mutations`` and left out of the default run (``pytest -m mutations`` runs it).
The default run judges a deterministic sample of every game's mutants (no survivor
beyond those the last whole run recorded in ``docs/mutation-score.json``), and re-kills,
for every claim, the mutant that run recorded it killing.
"""

from __future__ import annotations

import json
import typing
from pathlib import Path

import pytest

from patience.claims import equivalence, mutation, record
from patience.claims.scoring import playable, score_game, summary
from patience.claims.support import built_end_positions
from patience.cli import main
from patience.engine.game import Game
from patience.rulespec.compile import compile_rules, load_game
from patience.rulespec.layout import Foundations
from patience.rulespec.loading import clauses_of, find, read_spec, spec_paths
from patience.rulespec.mutants import mutants, probes
from patience.rulespec.schema import Spec
from patience.stats import table

SCORE_FILE = Path(__file__).resolve().parents[2] / "docs" / "mutation-score.json"
FEW = range(4)  # deals enough for a test of the judge; the whole run plays mutation.DEALS
SAMPLE = 7  # every 7th mutant of each game in the default run


@pytest.fixture(scope="module")
def reading(edition):
    return lambda passage_id: edition.passage(passage_id).reading


def spec_of(game_id):
    return find(game_id)[0]


def of(spec, clause_id, parameter):
    """The base game's mutants of one parameter, by mutation."""
    return {m.mutation: m for m in mutants(spec)
            if m.game == spec.game and m.clause == clause_id and m.parameter == parameter}


# -- the mutants ------------------------------------------------------------------------------
def test_an_enumeration_takes_each_other_alternative():
    found = of(spec_of("sultan"), "king-foundations", "direction")
    directions = typing.get_args(Foundations.model_fields["direction"].annotation)
    assert "down" in directions and set(found) == {f"up → {d}" for d in directions if d != "up"}


def test_a_number_goes_one_down_and_one_up():
    found = of(spec_of("calculation"), "talon", "piles")
    assert set(found) == {"4 → 3", "4 → 5"}
    talons = [next(c for c in found[m].spec.clauses if c.id == "talon") for m in ("4 → 3", "4 → 5")]
    assert [talon.piles for talon in talons] == [3, 5]


def test_a_boolean_is_flipped():
    assert set(of(spec_of("sultan"), "king-foundations", "wrap")) == {"true → false"}


def structural(game_id: str, parameter: str) -> dict:
    return {f"{m.clause} {m.mutation}": m for m in mutants(spec_of(game_id.split(":")[0]))
            if m.game == game_id and m.parameter == parameter}


def test_a_clause_is_removed():
    removed = structural("calculation", "(clause)")
    talon_play = removed["talon-to-foundations removed"]
    assert "talon-to-foundations" not in {c.id for c in talon_play.spec.clauses} and not talon_play.silent


def test_flows_are_added_where_a_card_could_go():
    added = structural("sultan", "(flow)")
    assert "flow divan → talon added" in added  # the divan's cards never go to the talon
    assert not any("→ sultan" in label for label in added)  # a set-aside pile takes nothing
    assert "flow talon → Commons added" not in structural("constitution", "(flow)")
    assert "flow talon → house of commons added" in structural("constitution", "(flow)")


def test_areas_are_added_to_spaces_rows_and_gatherings():
    from_reserve = structural("duchess", "from")["packet-spaces fill next_row → at_will, from the reserve"]
    flows = [(c.source, c.to) for c in from_reserve.spec.clauses if c.kind == "flow"]
    assert ("reserve", ["packet"]) in flows  # a source no flow joins to the space would fill nothing
    assert "new-row add flank" in structural("nivernaise", "to")


def test_two_parameters_are_changed_together():
    together = structural("sultan", "cards + base")
    sultan = together["take-out + ace-foundation suit hearts → spades in both"]
    assert sultan.spec is not None  # one alone is refused; the two together are a spec
    assert "no-redeal 0 → 1, gathering the talon" in structural("calculation", "redeals + gather")
    assert "build on line + flow flank → line added" in structural("nivernaise", "(build and flow)")


def test_one_foundation_is_split_off():
    split = structural("calculation", "piles")["foundations split off the last pile as a group of its own"]
    groups = [c for c in split.spec.clauses if c.kind == "foundations"]
    assert [(c.piles, c.step) for c in groups] == [(3, [1, 2, 3]), (1, [4])]


def test_a_list_of_areas_loses_each_and_swaps_neighbours():
    found = of(spec_of("calculation"), "stock-turned", "to")
    assert set(found) == {"drop foundation", "drop talon", "swap foundation and talon"}
    assert [c for c in found["drop talon"].spec.clauses if c.id == "stock-turned"][0].to == ["foundation"]


def test_a_card_pattern_changes_rank_and_count():
    found = of(spec_of("calculation"), "foundations", "base")
    assert {"[0].rank 1 → 2", "[3].rank 4 → 3", "[3].rank 4 → 5", "drop {rank: 1}"} <= set(found)


def test_names_labels_and_plates_are_not_mutated():
    parameters = {m.parameter for path in spec_paths() for m in mutants(read_spec(path)[0])}
    assert not parameters & {"name", "label_ru", "plate", "says", "passages", "quote", "kind"}


def test_a_change_the_schema_refuses_is_not_a_spec():
    refused = of(spec_of("calculation"), "foundations", "piles")  # 4 bases for 3 or 5 piles
    assert {"4 → 3", "4 → 5"} <= set(refused) and all(refused[m].spec is None for m in ("4 → 3", "4 → 5"))


def test_a_conjectural_parameter_makes_its_mutants_silent():
    spec = spec_of("calculation")
    take_out = [m for m in mutants(spec) if m.clause == "take-out"]
    stated = [m for m in mutants(spec) if m.clause == "talon"]
    assert take_out and stated
    # take-out records «which card» as conjecture, not its ranks: stated, not silent
    assert not any(m.silent for m in take_out + stated)


def test_a_conjectural_item_or_order_makes_only_its_mutants_silent():
    dropped = of(spec_of("napoleon"), "talon-moves", "to")  # conjectural: [foundation, marriage]
    assert dropped["drop foundation"].silent and not dropped["drop square"].silent
    sources = of(spec_of("constitution"), "people-spaces", "from")  # conjectural: order of from
    assert sources["swap talon and stock"].silent
    assert not sources["drop talon"].silent and not sources["drop stock"].silent


def test_probes_change_defaults_and_areas_and_are_not_scored():
    spec = spec_of("besieged")
    found = {m.label for m in probes(spec)}
    assert "besieged trenches.available: (default) top → any" in found
    assert "besieged trench-moves.from: trench → talon" in found
    assert "besieged reserve-to-trenches.to: add foundation" in found
    assert not found & {m.label for m in mutants(spec)}


def test_a_pair_taken_in_either_order_plays_the_same():
    spec, _, path = find("empress")
    swapped = of(spec, "pairs", "from")["swap [army] and [navy]"]
    assert mutation.plays_differently(load_game("empress"), mutation.compile_game(swapped.spec, "empress", path),
                                      deals=FEW) is None


def test_set_aside_cards_in_another_order_play_the_same():
    spec, _, path = find("empress")
    reordered = next(m for label, m in of(spec, "thrown-aside", "holds").items() if label.startswith("swap"))
    changed = mutation.compile_game(reordered.spec, "empress", path)
    assert changed.deal(0).piles != load_game("empress").deal(0).piles  # the queens lie in another order
    assert mutation.plays_differently(load_game("empress"), changed, deals=FEW) is None


def test_a_chance_claim_fails_on_changed_statistics():
    game = load_game("calculation:waiting")
    claim = next(c for c in game.rules.claims if c.id == "waiting-seldom-comes-out")
    assert mutation.reads_statistics(claim) and not mutation.kills(game, claim)
    label = mutation.statistics_mutant_killing(game, claim)  # which change turns it depends on the stored figures
    assert label in {m[0] for m in mutation.STATISTICS_MUTANTS} and mutation.kills_with_statistics(game, claim, label)
    assert not mutation.kills(game, claim)  # the stored figures are back


def test_a_claim_expected_not_shown_is_killed_by_figures_that_would_show_it(monkeypatch):
    """Napoleon's covered deals as they stood before the proof by covering, none decided:
    the claim is not shown, and figures that decide them lost show it."""
    game = load_game("napoleon")
    claim = next(c for c in game.rules.claims if c.id == "two-packets-covered-cannot-succeed")
    assert not mutation.kills(game, claim)  # it holds on the stored figures
    stored = table.load()
    undecided = {number: ["unknown", *row[1:7], None] if row[7] == "covering" else row
                 for number, row in stored["games"]["napoleon"]["deals"].items()}
    assert undecided != stored["games"]["napoleon"]["deals"]
    before = {**stored, "games": {**stored["games"], "napoleon": {**stored["games"]["napoleon"], "deals": undecided}}}
    monkeypatch.setattr(table, "load", lambda *args, **kwargs: before)
    expected_not_shown = claim.model_copy(update={"expect": "not_shown"})
    assert not mutation.kills(game, expected_not_shown) and mutation.kills(game, claim)
    assert mutation.kills_with_statistics(game, expected_not_shown, "statistics: every undecided deal lost")


# -- the verdicts -----------------------------------------------------------------------------
def test_a_game_plays_like_itself():
    game = load_game("sultan")
    assert mutation.plays_differently(game, game, deals=FEW) is None


def test_a_changed_rule_plays_differently():
    spec, _, path = find("calculation")
    changed = of(spec, "stock-turned", "to")["drop talon"]
    game = mutation.compile_game(changed.spec, "calculation", path)
    assert "only one game allows" in mutation.plays_differently(load_game("calculation"), game, deals=FEW)


def test_a_win_declared_with_cards_in_play_is_a_difference():
    """Napoleon's square set aside: the mutant counts a deal won with cards still in the
    square (the former judge, comparing moves and piles only, called it equivalent)."""
    spec, _, path = find("napoleon")
    aside = of(spec, "square", "role")["tableau → aside"]
    changed = mutation.compile_game(aside.spec, "napoleon", path)
    found = mutation.plays_differently(load_game("napoleon"), changed, lines=mutation.Lines(), deals=FEW)
    assert found and "won in one game only" in found


def test_a_space_filled_from_the_reserve_is_killed_by_the_claim_that_spaces_wait(reading):
    """The Duchess's packets filled at will from the reserve: played through the flow the
    mutant adds, a packet takes a reserve card, which duchess.game.4 forbids."""
    spec, _, path = find("duchess")
    mutant = of(spec, "packet-spaces", "from")["fill next_row → at_will, from the reserve"]
    changed = mutation.compile_game(mutant.spec, "duchess", path)
    assert "reserve → packet" in mutation.plays_differently(load_game("duchess"), changed, lines=mutation.Lines(),
                                                            deals=range(40))
    verdict = mutation.judge(mutant, mutation.baseline(spec, "duchess", path, reading), path, reading)
    assert verdict.outcome == "killed" and verdict.killer == "spaces-wait-for-the-row"


@pytest.mark.parametrize("game_id", playable())
def test_the_last_positions_of_a_won_game_are_one_move_from_the_win(game_id):
    """Each built end position is won; each position before it is not, and one of its
    legal moves wins it (so the position is the last but one of a won game)."""
    game = load_game(game_id)
    ends = built_end_positions(game)
    for label, state in ends[:1]:
        assert game.is_won(state), label
    for label, state in ends[1:]:
        assert not game.is_won(state), label
        after = [state.copy() for _ in game.legal_moves(state)]
        for move, copy in zip(game.legal_moves(state), after):
            game.apply(copy, move)
        assert any(game.is_won(copy) for copy in after), label


def test_foundations_ending_too_soon_show_in_the_last_positions_of_a_won_game():
    """The Constitution's foundations ending with the tens: no line of the sampled deals
    builds a foundation that high, so only the position one move before a win tells the
    mutant from the spec (a knave may go up in one of them only). ``last`` is recorded as
    conjecture (the play section is lost in Russian), so the mutant is silent."""
    spec, _, path = find("constitution")
    tens = of(spec, "foundations", "last")["11 → 10"]
    changed = mutation.compile_game(tens.spec, "constitution", path)
    found = equivalence._end_positions(load_game("constitution"), changed)
    assert found and "only one game allows J" in found and tens.silent
    assert equivalence._end_positions(load_game("constitution"), load_game("constitution")) is None


def test_the_solver_s_line_is_replayed_in_the_mutant():
    """The solver wins deal 9 of the English Sultan with both redeals; a mutant allowing one
    differs on that line."""
    game = load_game("sultan:english")
    lines = mutation.lines_of(game, [9])
    assert sum(m.kind == "redeal" for m in lines.solver[9]) == 2 and lines.player[9]
    once = next(m for m in mutants(spec_of("sultan")) if m.game == "sultan:english"
                and m.clause == "redeal" and m.parameter == "redeals" and m.mutation == "2 → 1")
    changed = mutation.compile_game(once.spec, "sultan:english", find("sultan")[2])
    assert mutation.plays_differently(game, changed, lines=lines, deals=[9])
    found = equivalence._line(game, changed, 9, "solver", lines.solver[9])
    assert found and "solver's line" in found and "redeal" in found


def test_a_number_is_tied_to_the_parameter_that_states_it(reading):
    """calculation's arrangement: rows 2 → 1 was accepted because its stack [4, 3, 2, 1]
    also holds a 2; the two rows are stated, and the number check ties them to ``rows``."""
    spec, _, path = find("calculation")
    base = mutation.baseline(spec, "calculation", path, reading)
    verdict = mutation.judge(of(spec, "thirteen-card-arrangement", "rows")["2 → 1"], base, path, reading)
    assert verdict.outcome == "killed" and verdict.killer == "numbers" and "rows" in verdict.detail


def test_a_mutant_keeps_its_plate_unless_the_piles_change():
    kept = of(spec_of("napoleon"), "square", "role")["tableau → aside"]
    assert next(c for c in kept.spec.clauses if c.id == "square").plate is not None
    resized = of(spec_of("calculation"), "talon", "piles")["4 → 3"]
    assert next(c for c in resized.spec.clauses if c.id == "talon").plate is None


def test_a_stated_number_changed_is_killed_by_the_number_check(reading):
    spec, _, path = find("calculation")
    base = mutation.baseline(spec, "calculation", path, reading)
    verdict = mutation.judge(of(spec, "packs", "count")["1 → 2"], base, path, reading)
    assert verdict.outcome == "killed" and verdict.killer == "numbers"


def test_a_rule_changed_is_killed_by_its_claim(reading):
    spec, _, path = find("calculation")
    mutant = of(spec, "foundations", "suit")["any → follow"]
    base = mutation.baseline(spec, "calculation", path, reading)
    assert mutation.judge(mutant, base, path, reading).outcome == "killed"
    claim = next(c for c in base.claims if c.id == "suits-not-observed")
    assert mutation.kills(mutation.compile_game(mutant.spec, "calculation", path), claim)
    assert not mutation.kills(base.game, claim)


# -- the score over the edition ---------------------------------------------------------------
def recorded():
    return json.loads(SCORE_FILE.read_text(encoding="utf-8"))


def recorded_survivors(game_id) -> set[str]:
    return {f"{s['game']} {s['clause']}.{s['parameter']}: {s['mutation']}"
            for s in recorded()["survived"] if s["game"] == game_id}


def out_of_date(game_id: str) -> str:
    return (f"docs/{SCORE_FILE.name} is out of date for {game_id}: `patience check --mutations "
            f"{game_id.split(':')[0]} --record docs/{SCORE_FILE.name}` records its game again")


def needs_record(game_id):
    if game_id not in recorded()["games"]:
        pytest.skip(f"no whole mutation run of {game_id} is recorded in {SCORE_FILE.name}")


@pytest.mark.parametrize("game_id", playable())
def test_a_sample_of_every_game_s_mutants_survives_no_more_than_the_whole_run_recorded(game_id, reading):
    """No new survivor: the sample's survivors are among those the last whole run listed
    (the spec-language page shows them; the whole run, below, allows none)."""
    needs_record(game_id)
    score = score_game(game_id, reading, every=SAMPLE)
    assert {v.mutant.label for v in score.survivors} <= recorded_survivors(game_id)


def recorded_kills():
    return [(game, claim, label) for game, claims in recorded()["kills"].items() for claim, label in claims.items()]


@pytest.mark.parametrize("game_id, claim_id, label", recorded_kills())
def test_every_claim_kills_a_mutant(game_id, claim_id, label, reading):
    """The mutant (or probe, or reversed statistics) recorded for each claim makes it
    fail, and the spec itself does not."""
    spec, _, path = find(game_id)
    game = load_game(game_id)
    stale = out_of_date(game_id)
    claim = next((c for c in game.rules.claims if c.id == claim_id), None)
    assert claim is not None, f"{game_id} has no claim {claim_id}; {stale}"
    assert not mutation.kills(game, claim)
    if label.startswith("statistics: "):
        assert mutation.reads_statistics(claim) and mutation.kills_with_statistics(game, claim, label)
        return
    mutant = next((m for m in [*mutants(spec), *probes(spec)] if m.label == label), None)
    assert mutant is not None and mutant.spec is not None, f"{label} is no mutant of {game_id} now, or refused; {stale}"
    assert mutation.kills(mutation.compile_game(mutant.spec, game_id, path), claim)


@pytest.mark.parametrize("game_id", playable())
def test_the_record_accounts_for_every_claim(game_id):
    """Each claim is recorded killing a mutant (re-killed above), or among the claims no
    one-parameter mutant makes fail, which the page and the whole run list."""
    needs_record(game_id)
    killing = set(recorded()["kills"][game_id])
    none = {entry.split(" ", 1)[1] for entry in [*recorded()["claims_never_killing"], *recorded()["claims_exempt"]]
            if entry.split(" ")[0] == game_id}
    spec = spec_of(game_id)
    variant = game_id.split(":")[1] if ":" in game_id else None
    own = spec.claims if variant is None else next(v for v in spec.variants if v.id == variant).claims
    assert {claim.id for claim in own} == killing | none, out_of_date(game_id)


# Claims that no one-parameter mutant or probe makes fail, each with a hand-made mutant
# that does and the reason no single change can: (clause changes, clauses added, why).
HAND_BUILT = dict(conjecture="A hand-made mutant, to show that a claim can fail.", says="Hand-made.")
BUILD_ON = lambda area: {**HAND_BUILT, "id": f"{area}-build", "kind": "build", "area": area,  # noqa: E731
                         "direction": "either", "suit": "same"}
SAME_CARDS = "the take-out and the foundations' bases name the same cards: changing either alone is refused"
NO_GATHER = "redeals 0 → 1 alone gathers nothing (the clause names no area), so plays the same"
NO_BUILD = "nothing may be laid on the area (no build there): a move onto it needs a build and a flow"
HAND_MUTANTS = {
    ("calculation", "bases-in-a-row"): (
        {"take-out": {"cards": [{"rank": "A"}, {"rank": 2}, {"rank": 3}, {"rank": 5}]},
         "foundations": {"base": [{"rank": "A"}, {"rank": 2}, {"rank": 3}, {"rank": 5}]}}, [], SAME_CARDS),
    ("calculation", "kings-only-last"): (
        {"take-out": {"cards": [{"rank": "K"}, {"rank": 2}, {"rank": 3}, {"rank": 4}]},
         "foundations": {"base": [{"rank": "K"}, {"rank": 2}, {"rank": 3}, {"rank": 4}], "last": "Q"}}, [],
        SAME_CARDS),
    ("sultan", "foundation-cards"): (
        {"take-out": {"cards": [{"rank": "K", "count": 8}, {"rank": "A", "suit": "spades"}]},
         "ace-foundation": {"base": [{"rank": "A", "suit": "spades"}]}}, [], SAME_CARDS),
    ("calculation", "one-deal-only"): ({"no-redeal": {"redeals": 1, "gather": ["talon"]}}, [], NO_GATHER),
    ("napoleon", "one-deal-only"): ({"no-redeal": {"redeals": 1, "gather": ["talon"]}}, [], NO_GATHER),
    ("duchess", "spaces-wait-for-the-row"): (
        {"packets-to-foundations": {"to": ["ace foundation", "king foundation", "packet"]}},
        [{**BUILD_ON("packet"), "suit": "any"}], NO_BUILD),
    ("nivernaise", "no-single-card-on-the-line"): (
        {"flank-moves": {"to": ["ace foundation", "king foundation", "line"]}}, [BUILD_ON("line")], NO_BUILD),
    ("zodiac", "no-marriage-within-the-equator"): (
        {"equator-marriages": {"to": ["zodiac", "equator"]}}, [BUILD_ON("equator")], NO_BUILD),
    ("zodiac", "no-marriage-from-zodiac-to-equator"): (
        {}, [BUILD_ON("equator"), {**HAND_BUILT, "id": "zodiac-to-equator", "kind": "flow", "from": "zodiac",
                                   "to": ["equator"]}], NO_BUILD),
}
# The variant's foundations wait because it drops the take-out: laying them at the start
# alone is refused; the base game, which does both, is its mutant.
BASE_GAME_AS_MUTANT = {("calculation:waiting", "foundations-wait"): "calculation"}
# A contradicted claim the schema cannot make hold: rule I's pairs of one rank, which no
# spec it can write gives (that is the contradiction the claim records).
CANNOT_HOLD = {("empress", "pairs-of-one-rank"): "no pair rule of one rank can be written, nor played"}


def hand_mutant(game_id: str, changes: dict, added: list) -> Game:
    spec, lines, path = find(game_id)
    variant = game_id.split(":")[1] if ":" in game_id else None
    clauses = [type(c).model_validate({**c.model_dump(by_alias=True, exclude_unset=True), **changes[c.id]})
               if c.id in changes else c for c in clauses_of(spec, variant)]
    data = spec.model_dump(by_alias=True, exclude_unset=True)
    clauses += Spec.model_validate({**data, "clauses": [*data["clauses"], *added]}).clauses[len(spec.clauses):]
    rules = compile_rules(spec, clauses, path, game_id, lines)
    return Game(rules)


@pytest.mark.parametrize("game_id, claim_id", [*HAND_MUTANTS, *BASE_GAME_AS_MUTANT])
def test_a_claim_no_single_change_breaks_fails_on_a_hand_made_mutant(game_id, claim_id):
    game = load_game(game_id)
    claim = next(c for c in game.rules.claims if c.id == claim_id)
    assert not mutation.kills(game, claim)
    if (game_id, claim_id) in BASE_GAME_AS_MUTANT:
        changed = load_game(BASE_GAME_AS_MUTANT[game_id, claim_id])
    else:
        changes, added, _ = HAND_MUTANTS[game_id, claim_id]
        changed = hand_mutant(game_id, changes, added)
    assert mutation.kills(changed, claim)


def test_the_json_has_the_documented_keys(capsys):
    assert main(["check", "--mutations", "napoleon", "--json", "--jobs", "1", "--sample", "9"]) in (0, 1)
    result = json.loads(capsys.readouterr().out)
    assert {"mutants", "killed", "equivalent", "silent", "survived"} <= set(result)
    assert result["mutants"] == result["killed"] + result["equivalent"] + result["silent"] + len(result["survived"])


def one_game(record: dict, game_id: str) -> dict:
    """What a run of ``game_id`` alone would summarise, cut from a whole run's record."""
    mine = lambda entry: entry.split(" ", 1)[0] == game_id  # noqa: E731
    return {"games": {game_id: record["games"][game_id]}, "kills": {game_id: record["kills"][game_id]},
            "survived": [s for s in record["survived"] if s["game"] == game_id],
            "claims_never_killing": [e for e in record["claims_never_killing"] if mine(e)],
            "claims_exempt": {e: r for e, r in record["claims_exempt"].items() if mine(e)}}


def test_a_game_s_run_merged_into_the_record_gives_the_record_of_a_whole_run():
    whole = recorded()
    assert record.merged(whole, one_game(whole, "empress"), playable()) == whole
    assert record.merged({}, whole, playable()) == whole  # a whole run is the whole record


def test_a_game_s_run_replaces_its_entries_keeps_the_others_and_sums_the_totals_again():
    whole = recorded()  # no game has a survivor in it: one is lent to another game, to be kept
    whole["survived"] = [*whole["survived"], {"game": "napoleon", "label": "a survivor of another game",
                                              "detail": "kept"}]
    run = one_game(whole, "sympathie")
    run["games"]["sympathie"] = {**run["games"]["sympathie"], "killed": 0, "mutants": 1}
    run["survived"] = [{"game": "sympathie", "label": "a survivor of this run", "detail": "new"}]
    run["claims_never_killing"] = ["sympathie new-claim"]
    merged = record.merged(whole, run, playable())
    assert merged["games"] == {**whole["games"], "sympathie": run["games"]["sympathie"]}
    assert list(merged["games"]) == list(whole["games"])  # in the whole run's order
    assert merged["mutants"] == whole["mutants"] - whole["games"]["sympathie"]["mutants"] + 1
    assert merged["killed"] == whole["killed"] - whole["games"]["sympathie"]["killed"]
    assert [s["detail"] for s in merged["survived"] if s["game"] == "sympathie"] == ["new"]
    assert [s["detail"] for s in merged["survived"] if s["game"] != "sympathie"] == ["kept"]
    assert "sympathie new-claim" in merged["claims_never_killing"] == sorted(merged["claims_never_killing"])


def test_a_game_no_longer_playable_leaves_the_record():
    whole = recorded()
    stale = {**whole, "games": {**whole["games"], "sultan:gone": whole["games"]["sultan"]},
             "kills": {**whole["kills"], "sultan:gone": {}}}
    assert record.merged(stale, one_game(whole, "sultan"), playable()) == whole


@pytest.mark.parametrize("arguments, message", [
    (["check", "--record", "score.json"], "--record goes with --mutations"),
    (["check", "--mutations", "sultan", "--sample", "3", "--record", "score.json"], "a sample (--sample) is not recorded"),
])
def test_record_goes_with_a_whole_run(arguments, message, capsys):
    assert main(arguments) == 2 and message in capsys.readouterr().err


@pytest.mark.parametrize("content, message", [
    ("{", "score.json:1: the mutation record is not valid JSON"),
    ('{"games": {}}', "score.json: is not a mutation record"),
])
def test_a_record_that_cannot_be_read_is_refused_before_the_run(content, message, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "score.json").write_text(content, encoding="utf-8")
    assert main(["check", "--mutations", "sultan", "--record", "score.json"]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.mutations
def test_recording_one_game_rewrites_its_entries_as_the_whole_run_did(tmp_path):
    """`patience check --mutations GAME --record FILE` on a record whose entries for GAME
    are wrong: they come back as the whole run recorded them, the others untouched."""
    whole = recorded()
    wrong = record.merged(whole, {**one_game(whole, "napoleon:twelve"), "games": {
        "napoleon:twelve": {**whole["games"]["napoleon:twelve"], "killed": 0}}, "kills": {"napoleon:twelve": {}}},
        playable())
    path = tmp_path / "mutation-score.json"
    path.write_text(json.dumps(wrong), encoding="utf-8")
    assert main(["check", "--mutations", "napoleon:twelve", "--record", str(path), "--jobs", "1"]) == 0
    assert path.read_text(encoding="utf-8") == SCORE_FILE.read_text(encoding="utf-8")


@pytest.mark.mutations
def test_no_mutant_survives_and_the_score_file_is_current(reading):
    scores = [score_game(game_id, reading) for game_id in playable()]
    result = summary(scores)
    assert result["survived"] == []
    never = {tuple(entry.split(" ", 1)) for entry in result["claims_never_killing"]}
    assert never <= {*HAND_MUTANTS, *BASE_GAME_AS_MUTANT, *CANNOT_HOLD}
    assert recorded()["games"] == result["games"] and recorded()["kills"] == result["kills"]
    assert recorded()["claims_exempt"] == result["claims_exempt"]


def test_only_chance_claims_whose_figures_cannot_turn_are_exempt():
    for entry, reason in recorded()["claims_exempt"].items():
        game_id, claim_id = entry.split(" ", 1)
        claim = next(c for c in load_game(game_id).rules.claims if c.id == claim_id)
        assert mutation.reads_statistics(claim) and reason == mutation.FIGURES_CANNOT_TURN[claim.check.kind]
