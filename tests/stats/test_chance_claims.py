"""The claims about chance, run against made-up tables whose verdicts are known."""

from __future__ import annotations

import pytest

from patience.claims.chance import never_won_when_covered, rarer_than, rarer_without_space
from patience.engine import load_game
from patience.stats import table


def made_table(monkeypatch, games: dict[str, list[list]]) -> None:
    data = {"games": {g: {"engine": "", "spec": "", "budget": 1, "command": "",
                          "deals": {str(n): row for n, row in enumerate(rows, 1)}} for g, rows in games.items()}}
    monkeypatch.setattr(table, "load", lambda path=None: data)


def rows(player_won: int, total: int, solver: str = "unknown", space: int = 0) -> list[list]:
    return [[solver, 1, "won" if n < player_won else "lost", 0.1, 0.1, space] for n in range(total)]


def test_rarer_than_needs_intervals_apart(monkeypatch):
    made_table(monkeypatch, {"calculation:waiting": rows(1, 100), "calculation": rows(30, 100)})
    result = rarer_than(load_game("calculation:waiting"), "calculation", "player")
    assert result.holds and "1/100 = 1.0%" in result.detail and "30/100 = 30.0%" in result.detail
    made_table(monkeypatch, {"calculation:waiting": rows(3, 20), "calculation": rows(5, 20)})
    assert not rarer_than(load_game("calculation:waiting"), "calculation", "player").holds


def test_rarer_than_by_the_solver_counts_unknowns_against_the_claim(monkeypatch):
    made_table(monkeypatch, {"calculation:waiting": rows(0, 100, "lost"), "calculation": rows(0, 100, "won")})
    assert rarer_than(load_game("calculation:waiting"), "calculation", "solver").holds
    made_table(monkeypatch, {"calculation:waiting": rows(0, 100, "unknown"), "calculation": rows(0, 100, "won")})
    assert not rarer_than(load_game("calculation:waiting"), "calculation", "solver").holds


def test_rarer_without_space(monkeypatch):
    made_table(monkeypatch, {"nivernaise": rows(0, 60, space=0) + rows(25, 60, space=1)})
    assert rarer_without_space(load_game("nivernaise")).holds
    made_table(monkeypatch, {"nivernaise": rows(2, 10, space=0) + rows(3, 10, space=1)})
    assert not rarer_without_space(load_game("nivernaise")).holds


def test_never_won_when_covered_counts_the_deals_that_have_it():
    """Found independently: deals whose square has both kings of a suit over a lower
    card of that suit, read straight from the dealt piles."""
    game = load_game("napoleon")
    square = list(game.rules.areas["square"].piles)

    def covered(number: int) -> bool:
        piles = game.deal(number).piles
        for suit in range(4):
            over = [p for p in square if any(c % 13 == 12 and c // 13 % 4 == suit and
                                             any(d // 13 % 4 == suit and d % 13 < 12 for d in piles[p][:i])
                                             for i, c in enumerate(piles[p]))]
            if len(over) >= 2:
                return True
        return False

    expected = sum(covered(n) for n in range(1, 41))
    data = {"napoleon": rows(0, 40, "lost")}
    with pytest.MonkeyPatch.context() as patch:
        made_table(patch, data)
        result = never_won_when_covered(game, "square", 2, "K")
        assert f"{expected} of the 40 stored deals" in result.detail
        assert result.holds == (expected > 0)
        made_table(patch, {"napoleon": rows(0, 40, "won")})
        assert not never_won_when_covered(game, "square", 2, "K").holds
        made_table(patch, {"napoleon": rows(0, 40, "unknown")})  # nothing decided: nothing shown
        assert not never_won_when_covered(game, "square", 2, "K").holds
        some_lost = rows(0, 40, "lost")
        for row in some_lost[1:]:  # the player's wins of deals the solver left undecided refute it too
            row[0], row[2] = "unknown", "won"
        made_table(patch, {"napoleon": some_lost})
        result = never_won_when_covered(game, "square", 2, "K")
        assert not result.holds and f"won {expected - covered(1)}, lost {int(covered(1))}" in result.detail
