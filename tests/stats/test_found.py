"""The won lines found for deals the table leaves undecided: every stored one wins when
replayed, the file is today's, a fault in it is named at its line, and the statistics
count the deals they win."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from itertools import dropwhile, takewhile
from pathlib import Path
from statistics import median

import pytest

from patience.cli import main
from patience.rulespec.compile import load_game
from patience.stats import finding, found, table
from patience.views.jsonio import move_from_json, move_to_json

STORED = found.load()
RESULTS = table.load()["games"]
LINES = [(game_id, int(number), entry["moves"]) for game_id, stored in sorted(STORED["games"].items())
         for number, entry in stored["deals"].items()]


def test_the_stored_lines_are_todays_and_consistent_with_the_table():
    assert LINES, "no line is stored"
    assert found.problems(sample=0) == []


@pytest.mark.parametrize("game_id", sorted(STORED["games"]))
def test_every_stored_line_wins_its_deal(game_id):
    """Each line, replayed move by move, makes only legal moves and ends with every card home;
    and its deal is one the player lost and the solver left undecided, or has won since at a
    rung climbed after the line was found (the fifth, in Napoleon's Square both ways and in the
    Constitution), never one it holds lost."""
    rows = RESULTS[game_id]["deals"]
    for number, moves in [(number, moves) for name, number, moves in LINES if name == game_id]:
        assert found.replay_fault(game_id, number, moves) is None, f"{game_id} deal {number}"
        assert rows[str(number)][0] in ("unknown", "won") and rows[str(number)][2] == "lost", f"{game_id} deal {number}"


def test_the_statistics_count_the_deals_the_lines_win():
    game_id = max(STORED["games"], key=lambda name: len(STORED["games"][name]["deals"]))
    wins = found.stored_wins(game_id)
    assert wins == {int(number) for number in STORED["games"][game_id]["deals"]}
    undecided = {int(number) for number, row in RESULTS[game_id]["deals"].items() if table.outcome(row) == "unknown"}
    added = wins & undecided  # a deal a later rung has won is counted once
    assert added, f"{game_id}: no line wins a deal the table leaves undecided"
    without, counted = table.summarize(game_id, RESULTS[game_id], frozenset()), table.summarize(game_id, RESULTS[game_id])
    assert counted.won == without.won + len(added) and counted.won_found == len(added)
    assert counted.unknown == without.unknown - len(added) and counted.lost == without.lost
    assert table.outcome(["unknown", 9, "lost", 0, 0, 0, 1, None], found=True) == "won"
    assert table.outcome(["lost", 9, "lost", 0, 0, 0, 1, "exhausted"], found=True) == "lost"


def _copy(tmp_path, change) -> list[tuple[int | None, str]]:
    data = copy.deepcopy(STORED)
    change(data)
    path = tmp_path / "found.json"
    found.write(data, path)
    return found.problems(path, sample=len(LINES))


@pytest.mark.parametrize("budget_like_the_deal", [False, True])
def test_a_line_that_does_not_win_is_named_at_its_line(tmp_path, budget_like_the_deal):
    """At the deal's line, not at a budget's line of the deals looked at that reads the same."""
    game_id, number, moves = LINES[0]

    def cut(data):
        data["games"][game_id]["deals"][str(number)]["moves"] = moves[:-1]
        if budget_like_the_deal:
            data["games"][game_id]["searched"] = {str(number): {"1": 1.5}}

    problems = _copy(tmp_path, cut)
    assert [message for _, message in problems] == [
        f"{game_id}: deal {number}'s line: after its {len(moves) - 1} moves the game is not won"]
    text = (tmp_path / "found.json").read_text(encoding="utf-8")
    assert text.splitlines()[problems[0][0] - 1].lstrip().startswith(f'"{number}": {{"moves":')


def test_a_move_that_is_not_legal_is_named(tmp_path):
    """A later move of the line put first, where it is not legal at the deal."""
    game_id, number, moves = LINES[0]
    game = load_game(game_id)
    start = game.legal_moves(game.deal(number))
    later = next(index for index, move in enumerate(moves) if move_from_json(game, move) not in start)

    def swap(data):
        data["games"][game_id]["deals"][str(number)]["moves"] = [moves[later], *moves[:later], *moves[later + 1:]]

    assert [message for _, message in _copy(tmp_path, swap)] == [
        f"{game_id}: deal {number}'s line: move 1 ({game.describe(move_from_json(game, moves[later]))}) is not legal there"]


def test_a_line_for_a_deal_the_table_holds_lost_is_refused(tmp_path):
    game_id = next(name for name in sorted(STORED["games"]) if any(row[0] == "lost" for row in RESULTS[name]["deals"].values()))
    moves = next(iter(STORED["games"][game_id]["deals"].values()))["moves"]
    lost = next(number for number, row in RESULTS[game_id]["deals"].items() if row[0] == "lost")

    def claim(data):
        data["games"][game_id]["deals"][lost] = {"moves": moves, "budget": 1000, "cpu": 1.0, "finder_code": "0" * 64}

    messages = [message for _, message in _copy(tmp_path, claim)]
    assert [message for message in messages if f"deal {lost}:" in message] == [
        f"{game_id}: deal {lost}: the table holds it lost, proved by {RESULTS[game_id]['deals'][lost][7]}, "
        "yet a line is stored as won"]


def test_lines_found_with_another_spec_are_stale(tmp_path):
    game_id = LINES[0][0]

    def stale(data):
        data["games"][game_id]["spec"] = "0" * 64

    assert [message for _, message in _copy(tmp_path, stale)] == [
        f"{game_id}: the lines were found with another spec: find them again with "
        f"`{'`, then `'.join(STORED['games'][game_id]['commands'])}`"]
    assert found.won_deals({"games": {game_id: {**STORED["games"][game_id], "spec": "0" * 64}}}, game_id) == set()


def test_lines_found_by_other_code_still_count_and_the_deals_looked_at_in_vain_are_looked_at_again(tmp_path):
    """A line is checked by replaying it, whatever found it; a deal looked at in vain may
    yield to other code, so only today's finder's record of it is kept."""
    game_id = next(name for name, stored in sorted(STORED["games"].items()) if stored["deals"] and stored["searched"])

    def other_code(data):
        stored = data["games"][game_id]
        stored["finder_code"] = "0" * 64
        for line in stored["deals"].values():
            line["finder_code"] = "0" * 64

    assert _copy(tmp_path, other_code) == []
    data = found.load(tmp_path / "found.json")
    assert found.won_deals(data, game_id) == found.won_deals(STORED, game_id) != set()
    assert found.kept_lines(data, game_id) == {int(n): line for n, line in data["games"][game_id]["deals"].items()}
    assert found.searched(data, game_id) == {} != found.searched(STORED, game_id)


def test_a_line_without_the_code_that_found_it_is_named(tmp_path):
    game_id, number, _ = LINES[0]

    def anonymous(data):
        del data["games"][game_id]["deals"][str(number)]["finder_code"]

    assert [message for _, message in _copy(tmp_path, anonymous)] == [
        f"{game_id}: deal {number}: a deal's entry holds its moves, the budget they were found with and the digest "
        "of the finder's code that found them"]


def test_a_file_that_is_not_json_is_named_at_its_line(tmp_path):
    path = tmp_path / "found.json"
    path.write_text('{"format": 1,\n "games": {,}}\n', encoding="utf-8")
    [(line, message)] = found.problems(path)
    assert line == 2 and "is not valid JSON" in message


def test_saving_keeps_the_lines_of_other_games(tmp_path):
    path = tmp_path / "found.json"
    first, second = sorted(STORED["games"])[:2]
    found.save(first, STORED["games"][first], path)
    found.save(second, STORED["games"][second], path)
    assert json.loads(path.read_text(encoding="utf-8"))["games"] == {
        first: STORED["games"][first], second: STORED["games"][second]}


def test_two_finders_of_one_game_keep_each_other_s_lines_and_deals_looked_at(tmp_path):
    """Two ranges of one game's deals saved by the same code: each save adds to the other's."""
    path = tmp_path / "found.json"
    game_id = max(STORED["games"], key=lambda game_id: len(STORED["games"][game_id]["deals"]))
    whole = {**STORED["games"][game_id], "searched": {"1000": {"1": 2.5, "7": None}, "5000": {"3": 4.0}}}
    numbers = sorted(whole["deals"], key=int)
    low = {**whole, "deals": {n: whole["deals"][n] for n in numbers[:3]}, "searched": {"1000": {"1": 2.5}},
           "commands": ["patience find low"]}
    high = {**whole, "deals": {n: whole["deals"][n] for n in numbers[3:]},
            "searched": {"1000": {"7": None}, "5000": {"3": 4.0}}, "commands": ["patience find high"]}
    found.save(game_id, low, path)
    found.save(game_id, high, path)
    assert found.load(path)["games"][game_id] == {**whole, "commands": ["patience find low", "patience find high"]}


def test_an_entry_of_other_code_is_replaced_and_its_deals_looked_at_kept_as_earlier(tmp_path):
    """Deals looked at in vain by other code are looked at again, so they no longer count as
    looked at; they stay in the file as the record of that code's passes, joined with what
    other saves of that code kept."""
    path = tmp_path / "found.json"
    game_id = sorted(STORED["games"])[0]
    stored = {**{key: value for key, value in STORED["games"][game_id].items() if key != "earlier"},
              "finder_code": found.finder_digest()}
    old, older = "0" * 64, "1" * 64
    found.save(game_id, {**stored, "finder_code": old, "searched": {"1000": {"1": 2.5}},
                         "earlier": {older: {"1000": {"4": 1.0}}, old: {"5000": {"3": None}}}}, path)
    found.save(game_id, {**stored, "searched": {"1000": {"2": 0.5}}}, path)
    saved = found.load(path)
    assert saved["games"][game_id] == {**stored, "searched": {"1000": {"2": 0.5}},
                                       "earlier": {old: {"1000": {"1": 2.5}, "5000": {"3": None}},
                                                   older: {"1000": {"4": 1.0}}}}
    assert found.searched(saved, game_id) == {1000: {2: 0.5}}
    found.save(game_id, {**stored, "searched": {"1000": {"5": 0.7}}}, path)
    assert found.load(path)["games"][game_id]["earlier"] == saved["games"][game_id]["earlier"]


def test_a_malformed_record_of_earlier_code_is_named(tmp_path):
    game_id = sorted(STORED["games"])[0]

    def malformed(data):
        data["games"][game_id]["earlier"] = {"0" * 64: {"1000": {"one": 2.5}}}

    assert [message for _, message in _copy(tmp_path, malformed)] == [
        f"{game_id}: earlier code 000000000000: \"searched\" maps each budget (as a string of digits) to the deals "
        "looked at in vain, each deal's number (a string of digits) to its processor seconds (a number, or null if "
        "not kept)"]


def test_each_budget_s_deals_looked_at_are_a_line_of_their_own(tmp_path):
    """So that the diff of a pass is the line of its budget, not the game's whole record."""
    path = tmp_path / "found.json"
    game_id = sorted(STORED["games"])[0]
    data = {"format": found.FORMAT,
            "games": {game_id: {**STORED["games"][game_id], "searched": {"1000": {"1": 2.5}, "5000": {"3": None}}}}}
    found.write(data, path)
    lines = path.read_text(encoding="utf-8").splitlines()
    at = lines.index('   "searched": {')
    assert lines[at + 1:at + 4] == ['    "1000": {"1": 2.5},', '    "5000": {"3": null}', "   },"]
    assert found.load(path) == data
    data["games"][game_id]["earlier"] = {"0" * 64: {"1000": {"4": 1.0}, "5000": {"6": None}}}
    found.write(data, path)
    lines = path.read_text(encoding="utf-8").splitlines()
    at = lines.index('   "earlier": {')
    assert lines[at + 1:at + 6] == [f'    "{"0" * 64}": {{', '     "1000": {"4": 1.0},', '     "5000": {"6": null}',
                                    "    }", "   },"]
    assert found.load(path) == data


def test_the_finder_finds_a_stored_line_again():
    """The finder is deterministic: the stored line of the quickest deal found by today's code is
    found again."""
    todays = [line for line in LINES if STORED["games"][line[0]]["deals"][str(line[1])]["finder_code"] == found.finder_digest()]
    game_id, number, moves = min(todays, key=lambda line: STORED["games"][line[0]]["deals"][str(line[1])]["cpu"])
    game = load_game(game_id)
    line = finding.find(game, number, STORED["games"][game_id]["deals"][str(number)]["budget"])
    assert [move_to_json(game, move) for move in line] == moves


def test_the_sighted_guide_finds_a_line_the_look_ahead_misses():
    """Napoleon's Square with twelve packets, deal 578: the finder that followed the player's
    look-ahead alone looked at it in vain up to 3,000,000 positions a search; the sighted guide
    wins it at 200,000, and the line replays."""
    game = load_game("napoleon:twelve")
    assert finding.guided(game, 578, 200_000, finding.look_ahead, 0) is None
    line = finding.guided(game, 578, 200_000, finding.sighted, finding.SEARCHES)
    assert line is not None and found.replays(game, 578, line) is None


def test_the_sighted_guide_goes_back_from_positions_it_cannot_win():
    """The Constitution's deal 26: followed straight on, the sighted guide finds nothing; going
    back from the positions proved lost or left without a new move, it finds a won line."""
    game = load_game("constitution")
    assert finding.guided(game, 26, 200_000, finding.sighted, 0) is None
    line = finding.guided(game, 26, 200_000, finding.sighted, finding.SEARCHES)
    assert line is not None and found.replays(game, 26, line) is None


def test_a_deal_the_solver_proves_lost_is_not_looked_at_further():
    game_id, row_number = next((name, int(number)) for name in ("duchess", "empress") for number, row
                               in RESULTS[name]["deals"].items() if row[0] == "lost" and row[1] < 1000)
    assert finding.find(load_game(game_id), row_number) is None


@pytest.mark.parametrize(("arguments", "message"), [
    (["find", "empress", "--budget", "0"], "the budget must be a positive whole number, not '0'"),
    (["find", "empress", "--deals", "lots"], "the number of deals must be a positive whole number, not 'lots'"),
    (["find", "empress", "--deals", "100000000000000000000"], "the statistics hold deals 1..1000 of empress, "
                                                               "not 1..100000000000000000000"),
    (["find", "nosuchgame"], "unknown game or variant 'nosuchgame'; see `patience games`"),
    (["find", "empress", "--from", "x"], "the first deal must be a positive whole number, not 'x'"),
    (["find", "empress", "--deals", "10", "--from", "20"], "the first deal, 20, is past the last, 10"),
])
def test_bad_input_is_one_line_and_status_2(capsys, arguments, message):
    assert main(arguments) == 2
    assert capsys.readouterr().err == f"patience: {message}\n"


def test_a_pass_looks_only_at_the_deals_no_pass_of_its_budget_or_more_has_looked_at(tmp_path, monkeypatch, capsys):
    """Lines kept are not looked for again; the deals a pass looked at in vain are kept by
    budget, so the same pass run again (as after a stop) looks at none of them, and a pass at
    a larger budget at all of them."""
    def left(game_id: str) -> list[int]:
        rows, lines = RESULTS[game_id]["deals"], STORED["games"][game_id]["deals"]
        return [int(n) for n, row in rows.items() if row[0] == "unknown" and row[2] != "won" and n not in lines]

    def seconds_a_deal(game_id: str) -> float:
        """The median processor-seconds of a deal today's finder looked at in vain, at the
        smallest budget the file keeps them for: the quickest game keeps the test's passes short."""
        by_budget = sorted(found.searched(STORED, game_id).items())
        kept = [seconds for _, deals in by_budget if (seconds := [s for s in deals.values() if s is not None])]
        return median(kept[0]) if kept else float("inf")

    game_id = min((game_id for game_id in STORED["games"] if len(left(game_id)) > 1), key=seconds_a_deal)
    deals = sorted(left(game_id))[:2]
    path = tmp_path / "found.json"
    entry = {**STORED["games"][game_id], "searched": {}}
    found.write({"format": found.FORMAT, "games": {game_id: entry}}, path)
    monkeypatch.setattr(found, "FOUND", path)

    def looked_at(budget: str, before: int) -> list[str]:
        assert main(["find", game_id, "--deals", str(deals[-1]), "--budget", budget, "--save"]) == 0
        head, *said = capsys.readouterr().out.splitlines()
        assert head == (f"{game_id}: {len(deals) - before} deals of 1..{deals[-1]} left undecided to look at "
                        f"({len(entry['deals'])} lines already kept, {before} looked at in vain at this budget or more), "
                        f"{int(budget):,} positions a search")
        return said

    said = looked_at("1000", 0)
    assert said[-1] == f"{game_id}: won lines found for 0 of 2 deals, saved", "the test needs deals not won at 1,000"
    stored = found.load(path)["games"][game_id]
    assert stored["deals"] == entry["deals"] and list(stored["searched"]) == ["1000"]
    assert list(stored["searched"]["1000"]) == [str(number) for number in deals]
    assert all(isinstance(seconds, float) and seconds > 0 for seconds in stored["searched"]["1000"].values())
    assert stored["commands"] == [*entry["commands"], found.COMMAND.format(game=game_id, deals=deals[-1], budget=1000)]
    assert looked_at("1000", 2) == [f"{game_id}: won lines found for 0 of 0 deals"]
    assert looked_at("500", 2) == [f"{game_id}: won lines found for 0 of 0 deals"]
    looked_at("2000", 0)
    assert set(found.load(path)["games"][game_id]["searched"]) == {"1000", "2000"}
    assert main(["find", game_id, "--from", str(deals[-1]), "--deals", str(deals[-1]), "--budget", "4000", "--save"]) == 0
    assert capsys.readouterr().out.startswith(f"{game_id}: 1 deals of {deals[-1]}..{deals[-1]} left undecided")
    stored = found.load(path)["games"][game_id]
    assert set(stored["searched"].get("4000", {})) | (set(stored["deals"]) - set(entry["deals"])) == {str(deals[-1])}


@pytest.mark.parametrize("searched", [
    {"many": {"1": 2.5}},
    {"1000": [1]},  # the first format's list, without the seconds
    {"1000": {"first": 2.5}},
    {"1000": {"1": -2.5}},
    {"1000": {"1": "2.5"}},
    {"1000": {"1": True}},
])
def test_a_malformed_record_of_deals_looked_at_is_named(tmp_path, searched):
    game_id = sorted(STORED["games"])[0]
    path = tmp_path / "found.json"
    found.write({"format": found.FORMAT, "games": {game_id: {**STORED["games"][game_id], "searched": searched}}}, path)
    assert found.problems(path, sample=0) == [
        (4, f'{game_id}: "searched" maps each budget (as a string of digits) to the deals looked at in vain, each '
            "deal's number (a string of digits) to its processor seconds (a number, or null if not kept)")]


def test_deals_looked_at_that_the_table_does_not_hold_are_named(tmp_path):
    game_id = sorted(STORED["games"])[0]
    path = tmp_path / "found.json"
    searched = {"1000": {"5000": 1.5, "1": None}}
    found.write({"format": found.FORMAT, "games": {game_id: {**STORED["games"][game_id], "searched": searched}}}, path)
    assert found.problems(path, sample=0) == [
        (4, f"{game_id}: deal 5000, looked at at 1,000 positions, is not in the table")]


PAGE = Path(__file__).parents[2] / "docs" / "statistics.md"


def test_the_statistics_page_s_table_of_lines_found_agrees_with_the_stored_lines():
    """docs/statistics.md gives, game by game, the deals the ladder left undecided, the lines
    earlier finders found at each budget, the processor seconds a deal looked at, and the
    decided share and bounds with every line: each figure that the stored files hold is theirs.
    The deals looked at at each budget are those won there and those looked at in vain; their
    mean seconds are the file's wherever it kept every deal's (the rest the page takes from the
    runs' logs)."""
    rows = _found_table(PAGE.read_text(encoding="utf-8"), "### Won lines found")
    assert {game_id for game_id, _ in rows} >= set(STORED["games"]), "a game with lines kept has no row"
    for game_id, cells in rows:
        summary = table.summarize(game_id, RESULTS[game_id])
        assert int(cells["undecided"]) == summary.unknown + summary.won_found, game_id
        _agrees(game_id, cells, todays=False)
        low, high = summary.bounds
        assert cells["decided"].split("→ ")[1].startswith(f"{100 * summary.decided[0]:.1f}%"), game_id
        assert cells["bounds"].endswith(f"→ {100 * low:.1f}–{100 * high:.1f}%"), game_id


def test_the_statistics_page_s_table_of_today_s_finder_agrees_with_the_stored_lines():
    """The table of the passes of today's finder: its lines and deals looked at, by budget."""
    rows = _found_table(PAGE.read_text(encoding="utf-8"), "#### The sighted guide")
    todays = {game_id for game_id, stored in STORED["games"].items() if stored["finder_code"] == found.finder_digest()}
    assert {game_id for game_id, _ in rows} == todays
    for game_id, cells in rows:
        _agrees(game_id, cells, todays=True)


def test_the_statistics_page_names_every_game_with_deals_left_and_how_many():
    """The page's table of what is left undecided has a row for each game or variant that
    leaves deals undecided (counting the lines found), none for the others, and each row's
    count and bounds are the stored files'; the points apart are those of the bounds shown."""
    _, rows = _page_table(PAGE.read_text(encoding="utf-8"), "### What is left undecided")
    shown = {game_id: cells for game_id, cells, _ in rows}
    summaries = {game_id: table.summarize(game_id, stored) for game_id, stored in RESULTS.items()}
    assert set(shown) == {game_id for game_id, summary in summaries.items() if summary.unknown}
    for game_id, cells in shown.items():
        summary = summaries[game_id]
        low, high = (round(100 * bound, 1) for bound in summary.bounds)
        assert int(cells["left"]) == summary.unknown, game_id
        assert cells["bounds (points apart)"] == f"{low:.1f}–{high:.1f}% ({high - low:.1f})", game_id


def _agrees(game_id: str, cells: dict, todays: bool) -> None:
    """The row's lines found of deals looked at, and its seconds a deal, by budget, are the
    file's: of today's finder, or of earlier code."""
    seconds = _passes(STORED["games"].get(game_id), todays)
    won = Counter(entry["budget"] for entry in _lines_of(STORED["games"].get(game_id), todays))
    shown = {budget: re.match(r"(\d+) of (\d+)", cell).groups() for budget, cell in cells["found"].items() if cell != "—"}
    assert {budget: int(count) for budget, (count, _) in shown.items() if int(count)} == won, game_id
    assert {budget: int(of) for budget, (_, of) in shown.items()} == {budget: len(each) for budget, each in seconds.items()}, game_id
    figures = dict(zip(sorted(seconds), cells["seconds"].split(", "), strict=True))
    for budget, each in seconds.items():
        if None not in each:
            places = len(figures[budget].partition(".")[2])
            assert f"{sum(each) / len(each):.{places}f}" == figures[budget], (game_id, budget)


def _lines_of(stored: dict | None, todays: bool) -> list[dict]:
    code = found.finder_digest()
    return [entry for entry in (stored or {"deals": {}})["deals"].values() if (entry["finder_code"] == code) == todays]


def _passes(stored: dict | None, todays: bool) -> dict[int, list]:
    """By budget, the processor seconds of each deal looked at (None where not kept): the lines
    won there and the deals looked at in vain, by today's finder or by earlier code."""
    if stored is None:
        return {}
    records = [stored["searched"]] if (stored["finder_code"] == found.finder_digest()) == todays else []
    records += [] if todays else list(stored.get("earlier", {}).values())
    seconds: dict[int, list] = {}
    for entry in _lines_of(stored, todays):
        seconds.setdefault(entry["budget"], []).append(entry["cpu"])
    for record in records:
        for budget, deals in record.items():
            seconds.setdefault(int(budget), []).extend(deals.values())
    return seconds


def _found_table(page: str, heading: str) -> list[tuple[str, dict]]:
    """The rows of the first table under ``heading``: the game's id and its cells by column,
    the lines found by budget."""
    head, rows = _page_table(page, heading)
    budgets = {index: int(re.sub(r"\D", "", name)) for index, name in enumerate(head) if name.startswith(("found at", "at "))}
    return [(game_id, {**named, "seconds": named["processor s a deal looked at"],
                       "found": {budget: cells[index] for index, budget in budgets.items()}})
            for game_id, named, cells in rows]


def _page_table(page: str, heading: str) -> tuple[list[str], list[tuple[str, dict, list[str]]]]:
    """The first table under ``heading``: its column names, and each row's game id (in
    brackets after its title), its cells by column and in order."""
    lines = page.split(heading, 1)[1].splitlines()
    table_lines = takewhile(lambda line: line.startswith("|"), dropwhile(lambda line: not line.startswith("|"), lines))
    head, _, *body = [[cell.strip() for cell in line.strip("|").split("|")] for line in table_lines]
    return head, [(re.search(r"\(`([^`]+)`\)", cells[0]).group(1), dict(zip(head, cells)), cells) for cells in body]
