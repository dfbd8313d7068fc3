"""``patience modernize`` reads stdin and writes modern text; ``--explain`` and ``--json``."""

from __future__ import annotations

import io
import json

from patience.cli import main


def _run(monkeypatch, capsys, stdin: str, *options: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    assert main(["modernize", *options]) == 0
    return capsys.readouterr().out


def test_writes_the_modern_text(monkeypatch, capsys):
    out = _run(monkeypatch, capsys, "Всѣ пачки, составляющія линію.\n")
    assert out == "Все пачки, составляющие линию.\n"


def test_explain_lists_each_change_with_its_rules(monkeypatch, capsys):
    out = _run(monkeypatch, capsys, "Онѣ каждаго\n", "--explain")
    assert out.splitlines() == [
        "Они каждого",
        "--- 2 changes",
        "0\tОнѣ → Они\toni",
        "4\tкаждаго → каждого\tgenitive-ago",
    ]


def test_json_gives_text_and_changes(monkeypatch, capsys):
    data = json.loads(_run(monkeypatch, capsys, "тотчасъ-же", "--json"))
    assert data["text"] == "тотчас же"
    assert data["changes"][0]["rules"] == ["hard-sign", "usage-apart"]


def _bytes_in(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_cp1251_input_is_a_located_error_not_invalid_json(monkeypatch, capsys):
    _bytes_in(monkeypatch, "Онъ\nвсѣ".encode().replace("всѣ".encode(), "все".encode("cp1251")))
    assert main(["modernize", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("patience: standard input is not UTF-8 text: line 2, byte 7 (b'\\xe2')")


def test_binary_input_is_refused(monkeypatch, capsys):
    _bytes_in(monkeypatch, b"ELF\x00\x01\x02")
    assert main(["modernize"]) == 2
    assert capsys.readouterr().err == "patience: standard input is binary, not text: a NUL byte on line 1\n"


def test_a_latin1_locale_gets_utf8_not_a_traceback():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "patience", "modernize"], input="вѣра\n".encode(),
                            capture_output=True, env={"PYTHONIOENCODING": "latin-1", "LC_ALL": "C"})
    assert (result.returncode, result.stdout.decode("utf-8"), result.stderr) == (0, "вера\n", b"")
