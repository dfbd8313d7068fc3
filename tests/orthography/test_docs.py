"""The rule table of docs/modern-transcription.md lists exactly the converter's rules."""

from __future__ import annotations

from pathlib import Path

from patience.orthography import RULES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "modern-transcription.md"


def _table_rows() -> list[list[str]]:
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    start = lines.index("| rule | class | change | example from the book |")
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_the_page_lists_every_rule_as_the_code_defines_it():
    expected = []
    for rule in RULES:
        example = f"{rule.example[0]} → {rule.example[1]}" if rule.example else None
        expected.append([f"`{rule.id}`", rule.kind, rule.change, example])
    rows = _table_rows()
    assert [row[:3] for row in rows] == [row[:3] for row in expected]
    for row, want in zip(rows, expected):
        if want[3]:
            assert row[3] == want[3]
        else:
            assert row[3].startswith("("), row  # an explanation, not an example
