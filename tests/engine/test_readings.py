"""What the translation did: the two readings' rates from a statistics table, the state
"not yet measured", the sentences that say which reading a game plays, and the effect
written into departures.yaml by ``patience departures --write``."""

import shutil
from pathlib import Path

import pytest

from patience.cli import main
from patience.readings import effect, effects, reading_played
from patience.readings.chart import effect_svg
from patience.readings.record import write_effects
from patience.stats.intervals import wilson
from patience.text import load_edition

REPO = Path(__file__).resolve().parents[2]
EDITION = load_edition()
REDEALS = next(d for d in EDITION.collation.departures if d.id == "sultan.redeals")


def table_of(**rows_by_game):
    """A statistics table whose games have these rows ([solver, positions, player, s, s, space,
    rung, reason], as :data:`patience.stats.table.FIELDS` names them)."""
    return {"games": {game: {"solver_code": "e", "player_code": "p", "spec": "s", "budget": 10, "command": "c",
                             "deals": {str(n): row for n, row in enumerate(rows, 1)}}
                      for game, rows in rows_by_game.items()}}


WON, LOST, OPEN = (["won", 1, "lost", 0, 0, 0, 1, ""], ["lost", 1, "lost", 0, 0, 0, 1, "exhausted"],
                   ["unknown", 1, "lost", 0, 0, 0, 1, ""])


def test_the_two_rates_and_their_intervals_come_from_the_table():
    data = table_of(sultan=[WON] + [LOST] * 99, **{"sultan:english": [WON] * 40 + [LOST] * 60})
    found = effect(REDEALS, data)
    assert found.measured and found.separate
    assert (found.rates["russian"].won, found.rates["russian"].out_of) == (1, 100)
    assert (found.rates["english"].low, found.rates["english"].high) == wilson(40, 100)
    assert found.as_record()["separate"] is True


def test_undecided_deals_widen_the_interval_and_can_keep_the_readings_together():
    data = table_of(sultan=[WON] + [OPEN] * 99, **{"sultan:english": [WON] * 40 + [LOST] * 60})
    russian = effect(REDEALS, data).rates["russian"]
    assert russian.undecided == 99 and russian.high == wilson(100, 100)[1]
    assert not effect(REDEALS, data).separate


def test_a_reading_without_results_is_not_yet_measured_and_says_why():
    found = effect(REDEALS, table_of(sultan=[WON, LOST]))
    assert not found.measured and found.as_record() is None
    assert "no results for sultan:english" in found.missing


PLAYER_WON = ["unknown", 1, "won", 0, 0, 0, 1, ""]


def test_a_departure_of_sight_alone_is_measured_by_the_player_not_the_solver():
    """La Nivernaise's looking-through changes what a player sees, not what the solver
    (which sees every card) finds: its rates are the player's wins under each reading."""
    looking = next(d for d in EDITION.collation.departures if d.id == "nivernaise.looking-through")
    data = table_of(nivernaise=[WON] * 9 + [PLAYER_WON], **{"nivernaise:english": [PLAYER_WON] * 4 + [LOST] * 6})
    found = effect(looking, data)
    assert found.measured
    assert (found.rates["russian"].won, found.rates["russian"].out_of) == (1, 10)  # the solver's nine wins count not
    assert (found.rates["english"].low, found.rates["english"].high) == wilson(4, 10)
    assert "4 of 10 deals won by the player" in effect_svg(found, "t")
    assert not effect(looking, table_of(nivernaise=[WON])).measured  # no results for the English reading


def test_every_departure_that_names_its_readings_has_an_effect_or_a_reason():
    for item in effects(EDITION.collation.departures):
        assert item.measured or item.missing


def test_a_stored_effect_agrees_with_the_table():
    """The effect in departures.yaml is what the statistics table gives now, or absent
    (not yet measured): figures are written by `patience departures --write` only."""
    for departure in EDITION.collation.departures:
        if departure.effect is not None:
            assert departure.effect == effect(departure, load_table()).as_record(), departure.id


def load_table():
    from patience.stats import table

    return table.load()


def test_which_reading_a_game_plays_is_said_in_a_sentence():
    departures = EDITION.collation.departures
    assert reading_played(departures, "sultan:english") == [
        "On how often the talon is dealt again, this plays Cadogan's English (the departure sultan.redeals); "
        "sultan plays the Russian."]
    empress = reading_played(departures, "empress")
    assert len(empress) == 4 and any("empress:russian-rule-one plays the Russian" in s for s in empress)
    assert reading_played(departures, "duchess") == []


def test_the_chart_gives_each_rate_in_words_too():
    svg = effect_svg(effect(REDEALS, table_of(sultan=[WON, LOST], **{"sultan:english": [WON] * 3})), "t")
    assert svg.startswith("<svg") and 'role="img"' in svg and "1 of 2 deals won" in svg and "3 of 3" in svg


@pytest.fixture
def departures_copy(tmp_path):
    copy = tmp_path / "departures.yaml"
    shutil.copy(REPO / "source_texts" / "departures.yaml", copy)
    return copy


def test_the_effect_is_written_in_place_and_read_back(departures_copy):
    write_effects(departures_copy, effects(EDITION.collation.departures, table_of()))  # none measured: no block
    data = table_of(sultan=[WON] + [LOST] * 9, **{"sultan:english": [WON] * 5 + [LOST] * 5})
    before = departures_copy.read_text(encoding="utf-8")
    assert "    effect:\n" not in before
    assert write_effects(departures_copy, effects(EDITION.collation.departures, data)) == 1
    after = departures_copy.read_text(encoding="utf-8")
    assert "    effect:\n      russian: {won: 1, out_of: 10," in after
    block = after[after.index("    effect:"):]
    block = block[:block.index("separate: ")]
    block += after[after.index(block) + len(block):].split("\n", 1)[0] + "\n"
    assert after.replace(block, "") == before
    write_effects(departures_copy, effects(EDITION.collation.departures, table_of()))
    assert departures_copy.read_text(encoding="utf-8") == before  # no longer measured: the block goes


def test_the_command_writes_into_the_edition_s_data(tmp_path, monkeypatch, capsys):
    source = tmp_path / "source_texts"
    shutil.copytree(REPO / "source_texts", source)
    monkeypatch.setenv("PATIENCE_SOURCE_TEXTS", str(source))
    assert main(["departures", "--write"]) == 0
    assert "departures.yaml" in capsys.readouterr().out
    assert main(["departures"]) == 0
    assert "sultan.redeals: the Russian is sultan, the English sultan:english" in capsys.readouterr().out
