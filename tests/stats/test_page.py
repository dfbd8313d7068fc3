"""The statistics page leads with the bounds on the win rate; the rate among decided
deals is given only once the undecided are few (a solver that proves few losses would
otherwise show games nobody can always win as won 100% of the time)."""

from __future__ import annotations

import re

import pytest
from sphinx.testing.util import SphinxTestApp

from patience.stats import found, table

FOUND = {"zodiac": frozenset({6})}  # a won line found: for the first of the Zodiac's undecided deals


def deals(won: int, lost: int, unknown: int) -> dict:
    outcomes = ["won"] * won + ["lost"] * lost + ["unknown"] * unknown
    return {str(n): [outcome, 10, "lost", 0.1, 0.2, 1, 1, "exhausted" if outcome == "lost" else None]
            for n, outcome in enumerate(outcomes, 1)}


def entry(rows: dict) -> dict:
    return {"solver_code": "e" * 64, "player_code": "p" * 64, "spec": "s" * 64, "budget": 1000, "rungs": 1,
            "command": "", "deals": rows}


@pytest.fixture
def page(tmp_path, monkeypatch) -> str:
    data = {"format": 3, "games": {"calculation": entry(deals(10, 0, 90)),  # most undecided: 10 won, none lost
                                   "duchess": entry(deals(40, 58, 2)),  # few undecided
                                   "zodiac": entry(deals(5, 0, 5))}}  # one of the five undecided won by a line found
    monkeypatch.setattr(table, "load", lambda path=None: data)
    monkeypatch.setattr(found, "stored_wins", lambda game_id, path=None: FOUND.get(game_id, frozenset()))
    monkeypatch.setattr(found, "problems", lambda path=None, sample=0: [])
    (tmp_path / "conf.py").write_text('extensions = ["myst_parser", "patience_sphinx.stats"]\n')
    (tmp_path / "index.md").write_text("# Statistics\n\n```{stats-table}\n```\n")
    app = SphinxTestApp("html", srcdir=tmp_path, freshenv=True)
    try:
        app.build()
        return (app.outdir / "index.html").read_text(encoding="utf-8")
    finally:
        app.cleanup()


def cells(html: str, game: str) -> list[str]:
    row = re.search(rf"<tr[^>]*>\s*<td[^>]*><p>[^<]*\({re.escape(game)}\)</p></td>(.*?)</tr>", html, re.S)
    assert row, game
    return re.findall(r"<td[^>]*><p>(.*?)</p></td>", row.group(1), re.S)


def test_the_bounds_lead_and_the_rate_of_decided_deals_waits_for_few_undecided(page):
    head = re.findall(r"<th[^>]*><p>(.*?)</p></th>", page)
    assert head.index("Win rate, the undecided lost or won (95%)") < head.index("Win rate of decided deals (95%)")
    most_undecided = cells(page, "calculation")
    assert "100.0%" not in most_undecided[6] and most_undecided[6] == "— (too many undecided)"
    assert most_undecided[4] == "5.5%–100.0%"  # Wilson for 10 of 100 (0.0552) at the least, 100 of 100 at the most
    assert most_undecided[5].startswith("10.0% (")  # the share decided, with its interval
    few_undecided = cells(page, "duchess")
    assert few_undecided[6].startswith("40.8% (")  # 40 of the 98 decided


def test_the_chart_shows_the_rate_of_decided_deals_only_where_few_are_undecided(page):
    dots = re.findall(r"<circle [^>]*><title>([^:<]*):", page)
    assert dots == ["The Duchess de Luynes"]


def test_a_deal_won_by_a_line_found_counts_won_and_says_so(page):
    row = cells(page, "zodiac")
    assert row[1:4] == ["6 (1 by a line found)", "0", "4 (40.0%)"]
