"""The escalation ladder and the saving of its results: which deals each rung sends out,
what a row records, resuming from the journal, merging into the table.

The cluster is replaced here by the same evaluation run in this process, deal by deal
(the ``local`` fixture; the cluster itself is tested in ``test_runner.py`` and
``test_cluster_faults.py``)."""

from __future__ import annotations

import json

from patience.cli import main
from patience.player import play
from patience.rulespec.compile import load_game
from patience.solver import solve
from patience.stats import ladder, runner, table
from patience.stats.deal import evaluate
from patience.stats.digests import Digests
from patience.stats.journal import Journal, journal_path

GAME, BUDGET = "calculation", 60


def expected_row(number: int, budget: int, rungs: int) -> list:
    """Found without the ladder: solve at each budget in turn while the deal stays
    undecided (the solver out of budget, the player beaten)."""
    game = load_game(GAME)
    won_by_player = play(game, game.deal(number)).outcome == "won"
    for rung in range(1, rungs + 1):
        solution = solve(game, game.deal(number), budget * 10 ** (rung - 1))
        if solution.outcome != "unknown" or won_by_player:
            break
    return [solution.outcome, solution.nodes, "won" if won_by_player else "lost", rung]


def stored(path) -> dict:
    return json.loads(path.read_text())["games"][GAME]


def test_each_rung_sends_out_only_the_deals_still_undecided(tmp_path, local, capsys):
    path = tmp_path / "t.json"
    assert main(["stats", GAME, "--deals", "8", "--budget", str(BUDGET), "--rungs", "3", "--table", str(path)]) == 0
    rows = stored(path)["deals"]
    assert sorted(rows, key=int) == [str(n) for n in range(1, 9)]
    for number, row in rows.items():
        assert [row[0], row[1], row[2], row[6]] == expected_row(int(number), BUDGET, 3), number
        assert isinstance(row[3], float) and isinstance(row[4], float)  # processor seconds, solver and player
        assert (row[7] is not None) == (row[0] == "lost")
    at = [sum(1 for row in rows.values() if row[0] != "unknown" and row[6] == rung) for rung in (1, 2, 3)]
    assert f"(the solver decided {at[0]} at 1 · {at[1]} at 2 · {at[2]} at 3)" in capsys.readouterr().out


def test_a_save_merges_deal_by_deal_and_never_drops_or_downgrades(tmp_path, local, capsys):
    path = tmp_path / "t.json"
    assert main(["stats", GAME, "--deals", "6", "--budget", str(BUDGET), "--rungs", "2", "--table", str(path)]) == 0
    first = stored(path)
    assert main(["stats", GAME, "--deals", "3", "--rungs", "1", "--table", str(path)]) == 0  # the stored budget
    assert stored(path)["deals"] == first["deals"]  # nothing dropped, nothing downgraded to rung 1
    assert main(["stats", GAME, "--deals", "3", "--budget", "100", "--table", str(path)]) == 2
    assert "give --budget 60 to add to them; or give --replace" in capsys.readouterr().err
    assert stored(path)["deals"] == first["deals"]
    assert main(["stats", GAME, "--deals", "9", "--rungs", "3", "--table", str(path)]) == 0
    now = stored(path)
    assert len(now["deals"]) == 9 and now["rungs"] == 3
    for number, row in first["deals"].items():
        assert now["deals"][number] == row or (row[0] == "unknown" and now["deals"][number][6] == 3)
    assert main(["stats", GAME, "--deals", "3", "--budget", "100", "--rungs", "1", "--replace",
                 "--table", str(path)]) == 0  # asked explicitly
    assert len(stored(path)["deals"]) == 3 and stored(path)["budget"] == 100


def test_results_of_other_code_are_replaced_only_whole_or_when_asked(tmp_path, local, capsys):
    path = tmp_path / "t.json"
    assert main(["stats", GAME, "--deals", "4", "--budget", str(BUDGET), "--rungs", "1", "--table", str(path)]) == 0
    data = json.loads(path.read_text())
    data["games"][GAME]["solver_code"] = "0" * 64  # as if computed by other code
    table.write(data, path)
    assert main(["stats", GAME, "--deals", "3", "--rungs", "1", "--table", str(path)]) == 2
    assert "its 4 stored deals were computed by other code" in capsys.readouterr().err
    assert main(["stats", GAME, "--deals", "4", "--rungs", "1", "--table", str(path)]) == 0  # all of them again
    assert stored(path)["solver_code"] != "0" * 64 and len(stored(path)["deals"]) == 4


def test_an_interrupted_run_keeps_its_finished_deals_and_resumes(tmp_path, monkeypatch, local, capsys):
    from tests.stats.conftest import in_process

    path = tmp_path / "t.json"
    computed = []

    def interrupted(client, tasks, budget, on_result, progress=None, deadline=None, played=True, label="",
                    solved=True):
        queue = runner.Queue(tasks)
        for _ in range(2):
            game_id, number = queue.next()
            computed.append(number)
            on_result(game_id, evaluate(game_id, number, budget[game_id], played, solved))
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "run", interrupted)
    arguments = ["stats", GAME, "--deals", "4", "--budget", str(BUDGET), "--rungs", "1", "--table", str(path)]
    assert main(arguments) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "interrupted; the 2 deals finished in this run are kept in" in error
    assert not path.exists()
    lines = journal_path(path).read_text().splitlines()
    assert json.loads(lines[0])["partial"] is True and [json.loads(line)["deal"] for line in lines[1:]] == [1, 2]

    def resumed(client, tasks, budget, on_result, **options):
        def noted(game_id, result):
            computed.append(result["deal"])
            on_result(game_id, result)
        in_process(client, tasks, budget, noted, **options)

    monkeypatch.setattr(runner, "run", resumed)
    computed.clear()
    assert main(arguments) == 0
    assert computed == [3, 4]
    assert sorted(stored(path)["deals"], key=int) == ["1", "2", "3", "4"]
    assert not journal_path(path).exists()


def test_a_run_of_one_game_keeps_in_the_journal_what_an_interrupted_run_of_another_left(tmp_path, monkeypatch,
                                                                                          local, capsys):
    """A game's save takes only its own deals out of the journal: the deal an interrupted
    run of another game finished stays there, and that game's next run resumes from it."""
    from tests.stats.conftest import in_process

    path, other, computed = tmp_path / "t.json", "sympathie", []

    def interrupted(client, tasks, budget, on_result, progress=None, deadline=None, played=True, label="",
                    solved=True):
        game_id, number = runner.Queue(tasks).next()
        on_result(game_id, evaluate(game_id, number, budget[game_id], played, solved))
        raise KeyboardInterrupt

    def counted(client, tasks, budget, on_result, **options):
        def noted(game_id, result):
            computed.append((game_id, result["deal"]))
            on_result(game_id, result)
        in_process(client, tasks, budget, noted, **options)

    monkeypatch.setattr(runner, "run", interrupted)
    assert main(["stats", other, "--deals", "2", "--budget", str(BUDGET), "--rungs", "1", "--table", str(path)]) == 2
    monkeypatch.setattr(runner, "run", counted)
    assert main(["stats", GAME, "--deals", "2", "--budget", str(BUDGET), "--rungs", "1", "--table", str(path)]) == 0
    lines = journal_path(path).read_text().splitlines()
    assert [(json.loads(line)["game"], json.loads(line)["deal"]) for line in lines[1:]] == [(other, 1)]
    computed.clear()
    assert main(["stats", other, "--deals", "2", "--budget", str(BUDGET), "--rungs", "1", "--table", str(path)]) == 0
    assert computed == [(other, 2)]  # deal 1 read back from the journal
    assert sorted(json.loads(path.read_text())["games"][other]["deals"], key=int) == ["1", "2"]
    assert not journal_path(path).exists()


def test_a_line_cut_short_in_the_journal_is_dropped(tmp_path):
    path = tmp_path / "t.json"
    digests = Digests("e" * 64, "p" * 64, "s" * 64)
    journal = Journal(path)
    row = {"deal": 1, "solver": "won", "positions": 5, "player": "won", "solve_cpu": 0.1, "play_cpu": 0.1,
           "space": True, "rung": 1, "reason": None}
    journal.add(GAME, digests, BUDGET, row)
    journal.close()
    with open(journal_path(path), "a") as stream:
        stream.write('{"game": "calcul')  # a full disk stopped this write
    journal = Journal(path)
    journal.add(GAME, digests, BUDGET, {**row, "deal": 2})
    journal.close()
    from patience.stats.journal import read
    assert sorted(read(path, GAME, digests, BUDGET, 1)) == [1, 2]
    assert read(path, GAME, digests, BUDGET + 1, 1) == {}  # another ladder's deals are not taken
    assert read(path, GAME, digests._replace(player="q" * 64), BUDGET, 1) == {}  # nor another player's


def test_the_first_rung_hands_out_deals_one_at_a_time_whatever_their_number():
    plan = ladder.Plan(GAME, Digests("e", "p", "s"), BUDGET, 1, rows={2: {"solver": "won", "player": "lost", "rung": 1}})
    pending = plan.pending(10 ** 20, 1)
    assert pending.count == 10 ** 20 - 1
    assert [next(pending.numbers) for _ in range(3)] == [1, 3, 4]


def test_a_table_of_the_first_format_is_read_as_rung_one(tmp_path):
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"games": {GAME: {
        "engine": "e", "spec": "s", "budget": 10000, "command": "patience stats calculation --deals 2 --save",
        "deals": {"1": ["lost", 40, "lost", 0.2, 0.3, 1], "2": ["unknown", 10000, "won", 1.5, 0.3, 0]}}}}))
    entry = table.load(path)["games"][GAME]
    assert entry["rungs"] == 1
    assert entry["deals"] == {"1": ["lost", 40, "lost", None, None, 1, 1, "exhausted"],
                              "2": ["unknown", 10000, "won", None, None, 0, 1, None]}
    summary = table.summarize(GAME, entry)
    assert (summary.lost, summary.won, summary.decided_at, summary.solve_cpu) == (1, 1, [1], None)


def test_the_stored_table_is_read_and_every_deal_kept():
    """The table computed before the ladder: each game's deals, each row converted."""
    data = table.load()
    raw = json.loads(table.TABLE.read_text())
    for game_id, entry in data["games"].items():
        assert sorted(entry["deals"]) == sorted(raw["games"][game_id]["deals"])
        for number, row in entry["deals"].items():
            old = raw["games"][game_id]["deals"][number]
            assert row[:3] == old[:3] and row[5] == old[5] and len(row) == len(table.FIELDS)


def test_a_bounded_run_keeps_each_games_deals_without_a_gap(tmp_path, monkeypatch, local, capsys):
    def out_of_order(client, tasks, budget, on_result, progress=None, deadline=None, played=True, label=""):
        assert deadline is not None
        for number in (1, 2, 4):  # deal 3 was still running at the deadline
            on_result(GAME, evaluate(GAME, number, budget[GAME], played))

    monkeypatch.setattr(runner, "run", out_of_order)
    path = tmp_path / "t.json"
    assert main(["stats", GAME, "--deals", "5", "--budget", str(BUDGET), "--rungs", "1", "--minutes", "1",
                 "--table", str(path)]) == 0
    assert sorted(stored(path)["deals"]) == ["1", "2"]
    assert f"{GAME}: deals 1–2" in capsys.readouterr().out


def test_a_run_cut_short_between_rungs_keeps_every_deal_and_how_far_the_last_rung_got(tmp_path, monkeypatch, local,
                                                                                      capsys):
    """A deadline passed after rung 1: every deal is saved, the table records that the
    last rung was climbed by the deals before the first one it had to take (none, here),
    the check finds no deal below its rung, and the same run goes on up the rung from there."""
    from patience.stats import integrity

    def first_rung_only(client, tasks, budget, on_result, **options):
        if "rung 1 of" in options.get("label", ""):
            in_process(client, tasks, budget, on_result, **options)

    from tests.stats.conftest import in_process
    monkeypatch.setattr(runner, "run", first_rung_only)
    path = tmp_path / "t.json"
    assert main(["stats", GAME, "--deals", "8", "--budget", str(BUDGET), "--rungs", "2", "--table", str(path)]) == 0
    climbed = [expected_row(number, BUDGET, 1) for number in range(1, 9)]
    first = next(number for number, row in enumerate(climbed, 1) if row[0] == "unknown" and row[2] == "lost")
    assert 1 < first < 8, "deals 1-8 at this budget have a deal the first rung leaves undecided, after the first"
    saved = stored(path)
    assert sorted(saved["deals"], key=int) == [str(n) for n in range(1, 9)]
    assert saved["rungs"] == 2 and saved[table.LAST_RUNG_THROUGH] == first - 1
    assert f"(rung 2 climbed by deals 1–{first - 1} so far)" in capsys.readouterr().out
    messages = [problem.message for problem in integrity.problems(path, [GAME], sample=0)]
    assert not [message for message in messages if "climbed" in message or table.LAST_RUNG_THROUGH in message]
    assert not journal_path(path).exists()  # every deal computed is in the table

    monkeypatch.setattr(runner, "run", in_process)
    assert main(["stats", GAME, "--deals", "8", "--rungs", "2", "--table", str(path)]) == 0
    saved = stored(path)
    assert table.LAST_RUNG_THROUGH not in saved
    for number, row in saved["deals"].items():
        assert [row[0], row[1], row[2], row[6]] == expected_row(int(number), BUDGET, 2), number


def test_deals_added_to_a_stored_ladder_climb_all_its_rungs(tmp_path, local):
    """A run asking fewer rungs than the stored ladder has sends its new deals up the stored
    ladder's rungs, since its rows are merged with the stored ones under that ladder."""
    path = tmp_path / "t.json"
    assert main(["stats", GAME, "--deals", "3", "--budget", str(BUDGET), "--rungs", "2", "--table", str(path)]) == 0
    assert main(["stats", GAME, "--deals", "8", "--rungs", "1", "--table", str(path)]) == 0
    saved = stored(path)
    assert saved["rungs"] == 2 and sorted(saved["deals"], key=int) == [str(n) for n in range(1, 9)]
    for number, row in saved["deals"].items():
        assert [row[0], row[1], row[2], row[6]] == expected_row(int(number), BUDGET, 2), number


def test_a_run_of_fewer_deals_climbs_a_new_rung_part_of_the_way(tmp_path, local, capsys):
    """A new rung asked for the first deals only: those climb it and the stored deals after
    them wait a rung below; a save that would leave one two rungs below is refused."""
    path = tmp_path / "t.json"
    assert main(["stats", GAME, "--deals", "8", "--budget", str(BUDGET), "--rungs", "1", "--table", str(path)]) == 0
    rows = stored(path)["deals"]
    undecided = [int(number) for number, row in rows.items() if row[0] == "unknown" and row[2] == "lost"]
    first, last = min(undecided), max(undecided)
    assert first < last, "deals 1-8 at this budget leave two deals undecided"
    second = min(set(undecided) - {first})

    assert main(["stats", GAME, "--deals", str(first), "--rungs", "2", "--table", str(path)]) == 0
    saved = stored(path)
    assert sorted(saved["deals"], key=int) == [str(n) for n in range(1, 9)]
    assert saved["rungs"] == 2 and saved[table.LAST_RUNG_THROUGH] == second - 1
    assert saved["deals"][str(first)][:3] == expected_row(first, BUDGET, 2)[:3]
    assert saved["deals"][str(last)] == rows[str(last)]  # waiting at rung 1

    before = path.read_text()
    assert main(["stats", GAME, "--deals", str(first), "--rungs", "3", "--table", str(path)]) == 2
    assert (f"deal {second} is undecided below rung 3, so stored deals {second}–8 would be dropped; "
            f"give --deals 8 to climb it") in capsys.readouterr().err
    assert path.read_text() == before


def test_a_change_of_the_player_plays_the_stored_deals_again_and_solves_none(tmp_path, local, monkeypatch, capsys):
    """Rows whose player's code is another's keep their solver's half (not solved again)
    and get today's player's; a deal the player no longer wins climbs the ladder."""
    path = tmp_path / "t.json"
    assert main(["stats", GAME, "--deals", "6", "--budget", str(BUDGET), "--rungs", "2", "--table", str(path)]) == 0
    data = json.loads(path.read_text())
    entry = data["games"][GAME]
    for row in entry["deals"].values():
        row[2], row[4], row[5] = "won", 99.0, 1  # as another player would have it: every deal won, in 99 s
    entry.update(player_code="0" * 64, seal=table.seal(entry["deals"]))
    table.write(data, path)
    calls = []

    def noted(client, tasks, budget, on_result, **options):
        calls.append((options.get("solved", True), options.get("played", True), options.get("label")))
        in_process(client, tasks, budget, on_result, **options)

    from tests.stats.conftest import in_process
    monkeypatch.setattr(runner, "run", noted)
    assert main(["stats", GAME, "--deals", "6", "--rungs", "2", "--table", str(path)]) == 0
    assert calls[0] == (False, True, "the player again (its code has changed)")  # the player first, alone
    now = stored(path)
    assert now["player_code"] != "0" * 64 and now["solver_code"] == entry["solver_code"]
    for number, row in now["deals"].items():
        assert [row[0], row[1], row[2], row[6]] == expected_row(int(number), BUDGET, 2), number
        assert row[4] != 99.0


def test_a_save_before_every_stored_deal_is_played_again_is_refused(tmp_path, local, monkeypatch, capsys):
    path = tmp_path / "t.json"
    assert main(["stats", GAME, "--deals", "4", "--budget", str(BUDGET), "--rungs", "1", "--table", str(path)]) == 0
    data = json.loads(path.read_text())
    data["games"][GAME]["player_code"] = "0" * 64
    table.write(data, path)
    before = path.read_text()

    def out_of_time(client, tasks, budget, on_result, **options):  # as though its deadline had passed
        if options.get("solved", True):
            in_process(client, tasks, budget, on_result, **options)

    from tests.stats.conftest import in_process
    monkeypatch.setattr(runner, "run", out_of_time)
    assert main(["stats", GAME, "--deals", "4", "--rungs", "1", "--table", str(path)]) == 2
    assert "have not been played again by today's player" in capsys.readouterr().err
    assert path.read_text() == before


def test_a_refused_runs_higher_rungs_wait_in_the_journal_for_a_ladder_that_high(tmp_path, local, capsys):
    """A run refused at its save leaves in the journal rows of rungs above the stored ladder;
    a later run of a lower ladder takes none of them into the table (its rows stay within its
    rungs) and leaves them in the journal, where a run that climbs that high takes them up."""
    path = tmp_path / "t.json"
    assert main(["stats", GAME, "--deals", "8", "--budget", str(BUDGET), "--rungs", "1", "--table", str(path)]) == 0
    climbed = {number: expected_row(number, BUDGET, 3) for number in range(1, 9)}
    high = [number for number, row in climbed.items() if row[3] == 3]
    assert high and min(high) < 8, "deals 1-8 leave a deal to the third rung, and one undecided after it"
    first = min(high)
    assert main(["stats", GAME, "--deals", str(first), "--rungs", "3", "--table", str(path)]) == 2
    capsys.readouterr()

    assert main(["stats", GAME, "--deals", "8", "--rungs", "2", "--table", str(path)]) == 0
    saved = stored(path)
    assert saved["rungs"] == 2 and max(row[6] for row in saved["deals"].values()) <= 2
    assert saved["deals"][str(first)][:3] == expected_row(first, BUDGET, 2)[:3]
    journal = [json.loads(line) for line in journal_path(path).read_text().splitlines()[1:]]
    assert {(record["deal"], record["row"][6]) for record in journal} == {(first, 3)}

    assert main(["stats", GAME, "--deals", "8", "--rungs", "3", "--table", str(path)]) == 0
    saved = stored(path)
    for number, row in saved["deals"].items():
        assert [row[0], row[1], row[2], row[6]] == climbed[int(number)], number
    assert not journal_path(path).exists()
