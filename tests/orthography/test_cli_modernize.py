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
