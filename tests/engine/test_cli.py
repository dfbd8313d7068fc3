"""The deal, play, autoplay and games commands, driven as a user would."""

import io
import json

import pytest

from patience.cli import main
from patience.rulespec.compile import load_game
from patience.views.jsonio import move_from_json, state_from_json


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_games_lists_ids_titles_and_status(capsys):
    status, out, _ = run(capsys, "games")
    assert status == 0
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert {"sultan", "calculation", "calculation:waiting", "napoleon", "napoleon:twelve", "duchess"} <= set(lines)
    assert "partial" in lines["sultan"] and "complete" in lines["duchess"] and "Наполеоновскій" in lines["napoleon"]


def test_deal_prints_the_layout(capsys):
    status, out, _ = run(capsys, "deal", "napoleon", "4")
    assert status == 0 and out.splitlines()[0] == "Napoleon's Square — deal 4, pass 1"
    assert "[56 face down]" in out and out.count("square ") == 12


def test_deal_json_is_the_state(capsys):
    status, out, _ = run(capsys, "deal", "sultan", "9", "--json")
    game = load_game("sultan")
    assert status == 0
    assert state_from_json(game, json.loads(out)).snapshot() == game.deal(9).snapshot()


@pytest.mark.parametrize("argv, message", [
    (("deal", "patience", "1"), "no game 'patience'"),
    (("deal", "sultan", "-1"), "0 or more"),
    (("play", "napoleon:thirteen", "1"), "no game 'napoleon:thirteen'"),
])
def test_user_mistakes_are_one_line_errors(capsys, argv, message):
    status, _, err = run(capsys, *argv)
    assert status == 2 and message in err and "Traceback" not in err


def test_autoplay_plays_legally_to_the_end(capsys):
    status, out, _ = run(capsys, "autoplay", "duchess", "2", "--json")
    result = json.loads(out)
    game = load_game("duchess")
    state = game.deal(2)
    for data in result["moves"]:
        game.apply(state, move_from_json(game, data))  # raises if any move were illegal
    assert status == 0 and result["outcome"] in ("won", "blocked", "no new position")
    assert result["outcome"] != "won" or game.is_won(state)
    assert result["outcome"] != "blocked" or game.is_blocked(state)


def test_autoplay_text_ends_with_the_result(capsys):
    status, out, _ = run(capsys, "autoplay", "calculation", "1")
    assert status == 0 and out.splitlines()[-1].startswith("Result: ")


def test_play_takes_moves_undo_and_quit_from_stdin(capsys, monkeypatch):
    game = load_game("calculation")
    first = game.describe(game.legal_moves(game.deal(3))[0])  # the pack's first card to a talon
    status, out, _ = run(capsys, "play", "calculation", "3", stdin="t\n1\nu\nu\nx\n99\nq\n",
                         monkeypatch=monkeypatch)
    assert status == 0
    assert out.index("t) turn up the next card of the stock") < out.index(f"1) {first}")  # offered once turned
    assert f"Undone: {first}" in out and "Nothing to undo." in out
    assert "Not understood: 'x'" in out and "Not understood: '99'" in out
    assert out.rstrip().endswith("Goodbye.")


def test_play_stops_at_the_end_of_input(capsys, monkeypatch):
    status, out, _ = run(capsys, "play", "sultan", "1", stdin="1\n", monkeypatch=monkeypatch)
    assert status == 0 and "Goodbye." in out


def test_play_refuses_digits_int_cannot_read_and_huge_numbers(capsys, monkeypatch):
    answers = "²\n①\n" + "9" * 5000 + "\nq\n"
    status, out, err = run(capsys, "play", "sultan", "1", stdin=answers, monkeypatch=monkeypatch)
    assert status == 0 and err == ""
    assert out.count("Not understood:") == 3 and out.rstrip().endswith("Goodbye.")


def test_ctrl_c_ends_play_quietly_with_status_130(capsys, monkeypatch):
    class Interrupted(io.StringIO):
        def readline(self, *args):
            raise KeyboardInterrupt

    monkeypatch.setattr("sys.stdin", Interrupted())
    assert main(["play", "sultan", "1"]) == 130
    assert "Traceback" not in capsys.readouterr().err


def test_a_full_disk_is_one_line_not_a_traceback():
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "patience", "games"], stdout=full, stderr=subprocess.PIPE,
                                text=True)
    assert (result.returncode, result.stderr) == (1, "patience: cannot write the output: No space left on device\n")


def test_two_specs_of_one_game_are_an_error_not_a_choice(capsys, monkeypatch, tmp_path):
    import shutil

    from patience import sources
    from patience.rulespec import loading

    shutil.copytree(loading.SPEC_DIR, tmp_path / "specs")
    shutil.copy(tmp_path / "specs" / "sultan.yaml", tmp_path / "specs" / "zz-sultan.yaml")
    for module in (sources, loading):  # the headers' quick reading, and the whole reading it falls back to
        monkeypatch.setattr(module, "SPEC_DIR", tmp_path / "specs")
    status, out, err = run(capsys, "games")  # (load_game caches per id, so "deal" is not asked here)
    assert (status, out) == (2, "")
    assert err == f"patience: {tmp_path / 'specs' / 'zz-sultan.yaml'}:3: game 'sultan' is already defined in sultan.yaml\n"
