"""The command line's reference page does not change with the terminal that builds it."""

from __future__ import annotations

from patience_sphinx.cli_page import WIDTH, _subparsers, fixed_width_parser


def _all_help() -> list[str]:
    parser = fixed_width_parser()
    return [parser.format_help()] + [sub.format_help() for _, sub in sorted(_subparsers(parser).items())]


def test_the_help_is_the_same_at_any_terminal_width(monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    narrow = _all_help()
    monkeypatch.setenv("COLUMNS", "250")
    assert _all_help() == narrow
    assert max(len(line) for text in narrow for line in text.splitlines()) <= WIDTH
