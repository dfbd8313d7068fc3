"""``patience text --json`` prints every passage, in book order, with its layers."""

import json
import subprocess
import sys

from patience.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_json_holds_every_passage_in_book_order(capsys, edition):
    status, out, _ = run(capsys, "text", "--json")
    record = json.loads(out)
    assert status == 0
    assert [p["id"] for p in record["passages"]] == [p.id for p in edition.passages]
    first = record["passages"][0]
    assert first["witness"].startswith("Изъ колоды вынимаютъ восемь королей")
    assert first["reading"].endswith("какъ на рисункѣ.")
    assert first["fragments"] == [{"fragment": "000", "start": 0, "end": len(first["witness"]), "tail": len(first["witness"]) + 1}]
    fixed = next(p for p in record["passages"] if p["id"] == "calculation.game.4")
    assert {"sic": "неболыпой", "corr": "небольшой", "kind": "misread"}.items() <= fixed["corrections"][0].items()
    assert [g["id"] for g in record["games"]][0] == "sultan" and len(record["games"]) == 11
    assert first["modern"]["text"].endswith("как на рисунке.")
    last = first["modern"]["changes"][-1]
    assert (last["original"], last["regularised"], last["rules"]) == ("рисункѣ", "рисунке", ["yat"])
    assert first["english"]["text"].startswith("Eight kings")
    assert all(p["english"]["text"] and p["modern"]["text"] for p in record["passages"])
    assert {n["number"] for n in record["notes"]} == set(range(1, 21))


def test_a_game_filter_and_an_unknown_game(capsys):
    status, out, _ = run(capsys, "text", "--game", "zodiac")
    assert status == 0 and out.startswith("[zodiac.title] ")
    status, _, err = run(capsys, "text", "--game", "chess")
    assert status == 2 and "no game 'chess'" in err


def test_the_console_command_is_installed():
    done = subprocess.run([sys.executable, "-m", "patience", "text", "--game", "sultan"], capture_output=True, text=True)
    assert done.returncode == 0 and "[sultan.plate] Султанъ." in done.stdout


def test_an_empty_game_is_a_usage_error_not_nothing(capsys):
    status, out, err = run(capsys, "text", "--game", "")
    assert (status, out) == (2, "")
    assert err.startswith("patience: no game ''; the games are sultan, ")
