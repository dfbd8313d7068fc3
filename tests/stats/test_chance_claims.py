"""The claims about chance, run against made-up tables whose verdicts are known: each
holds, is contradicted (the figures show the opposite) or is not shown (they cannot tell)."""

from __future__ import annotations

import re
import shlex

import pytest

from patience.claims import ClaimError
from patience.claims.chance import never_won_when_covered, rarer_than, rarer_without_space
from patience.cli import build_parser
from patience.rulespec.compile import load_game
from patience.stats import integrity, table


def made_table(monkeypatch, games: dict[str, list[list]]) -> None:
    data = {"format": 3, "games": {g: {"solver_code": "", "player_code": "", "spec": "", "budget": 1, "rungs": 1, "command": "",
                                       "deals": {str(n): row for n, row in enumerate(rows, 1)}}
                                   for g, rows in games.items()}}
    monkeypatch.setattr(table, "load", lambda path=None: data)


def rows(player_won: int, total: int, solver: str = "unknown", space: int = 0) -> list[list]:
    return [[solver, 1, "won" if n < player_won else "lost", 0.1, 0.1, space, 1,
             "exhausted" if solver == "lost" else None] for n in range(total)]


def test_rarer_than_holds_is_contradicted_or_is_not_shown(monkeypatch):
    waiting = load_game("calculation:waiting")
    made_table(monkeypatch, {"calculation:waiting": rows(1, 100), "calculation": rows(30, 100)})
    result = rarer_than(waiting, "calculation", "player")
    assert result.verdict == "holds" and "1/100 = 1.0%" in result.detail and "30/100 = 30.0%" in result.detail
    made_table(monkeypatch, {"calculation:waiting": rows(30, 100), "calculation": rows(1, 100)})
    result = rarer_than(waiting, "calculation", "player")
    assert result.verdict == "contradicted" and "the intervals lie apart, the first above" in result.detail
    made_table(monkeypatch, {"calculation:waiting": rows(3, 20), "calculation": rows(5, 20)})
    result = rarer_than(waiting, "calculation", "player")
    assert result.verdict == "not_shown" and "the intervals overlap" in result.detail


def test_rarer_than_by_the_solver_counts_the_undecided_either_way(monkeypatch):
    waiting = load_game("calculation:waiting")
    made_table(monkeypatch, {"calculation:waiting": rows(0, 100, "lost"), "calculation": rows(0, 100, "won")})
    assert rarer_than(waiting, "calculation", "solver").verdict == "holds"
    made_table(monkeypatch, {"calculation:waiting": rows(0, 100, "unknown"), "calculation": rows(0, 100, "won")})
    assert rarer_than(waiting, "calculation", "solver").verdict == "not_shown"  # the undecided could all be won
    made_table(monkeypatch, {"calculation:waiting": rows(0, 100, "won"), "calculation": rows(0, 100, "lost")})
    assert rarer_than(waiting, "calculation", "solver").verdict == "contradicted"


def test_rarer_without_space(monkeypatch):
    nivernaise = load_game("nivernaise")
    made_table(monkeypatch, {"nivernaise": rows(0, 60, space=0) + rows(25, 60, space=1)})
    assert rarer_without_space(nivernaise).verdict == "holds"
    made_table(monkeypatch, {"nivernaise": rows(25, 60, space=0) + rows(0, 60, space=1)})
    assert rarer_without_space(nivernaise).verdict == "contradicted"
    made_table(monkeypatch, {"nivernaise": rows(0, 130, space=0) + rows(3, 493, space=1)})  # note 15 today
    result = rarer_without_space(nivernaise)
    assert result.verdict == "not_shown" and "0/130 = 0.0% (95% 0.0–2.9%)" in result.detail
    made_table(monkeypatch, {"nivernaise": rows(3, 20, space=1)})
    with pytest.raises(ClaimError, match="no stored deal of nivernaise is without a free space"):
        rarer_without_space(nivernaise)


def covered(game, number: int) -> bool:
    """Found independently: both kings of a suit over a lower card of that suit in two
    piles of the square, read straight from the dealt piles."""
    square = list(game.rules.areas["square"].piles)
    piles = game.deal(number).piles
    for suit in range(4):
        over = [p for p in square if any(c % 13 == 12 and c // 13 % 4 == suit and
                                         any(d // 13 % 4 == suit and d % 13 < 12 for d in piles[p][:i])
                                         for i, c in enumerate(piles[p]))]
        if len(over) >= 2:
            return True
    return False


def test_never_won_when_covered_holds_only_when_every_such_deal_is_lost(monkeypatch):
    game = load_game("napoleon")
    expected = sum(covered(game, n) for n in range(1, 41))
    assert expected > 0
    made_table(monkeypatch, {"napoleon": rows(0, 40, "lost")})
    result = never_won_when_covered(game, "square", 2, "K")
    assert f"{expected} of the 40 stored deals" in result.detail and result.verdict == "holds"
    made_table(monkeypatch, {"napoleon": rows(0, 40, "won")})
    assert never_won_when_covered(game, "square", 2, "K").verdict == "contradicted"
    made_table(monkeypatch, {"napoleon": rows(0, 40, "unknown")})  # nothing decided: nothing shown
    assert never_won_when_covered(game, "square", 2, "K").verdict == "not_shown"
    some_lost = rows(0, 40, "lost")
    first = next(n for n in range(1, 41) if covered(game, n))
    some_lost[first - 1] = ["unknown", 1, "won", 0.1, 0.1, 0, 1, None]  # the player's win refutes it too
    made_table(monkeypatch, {"napoleon": some_lost})
    result = never_won_when_covered(game, "square", 2, "K")
    assert result.verdict == "contradicted" and f"won 1, lost {expected - 1}" in result.detail


def test_a_condition_no_stored_deal_meets_is_not_asked(monkeypatch):
    game = load_game("napoleon")
    uncovered = [n for n in range(1, 60) if not covered(game, n)][:20]
    data = {"format": 3, "games": {"napoleon": {"solver_code": "", "player_code": "", "spec": "", "budget": 1, "rungs": 1, "command": "",
                                                "deals": {str(n): rows(0, 1, "lost")[0] for n in uncovered}}}}
    monkeypatch.setattr(table, "load", lambda path=None: data)
    with pytest.raises(ClaimError, match="none of the 20 stored deals of napoleon has"):
        never_won_when_covered(game, "square", 2, "K")


def test_the_variant_of_single_cards_does_not_carry_the_claim_about_packets():
    """The twelve-card square has no packets: no deal of it can meet the condition."""
    assert "two-packets-covered-cannot-succeed" in [c.id for c in load_game("napoleon").rules.claims]
    assert "two-packets-covered-cannot-succeed" not in [c.id for c in load_game("napoleon:twelve").rules.claims]


def test_only_a_claim_about_chance_can_be_expected_not_shown():
    from pydantic import ValidationError

    from patience.rulespec.schema import Claim

    claims = {c.id: c for c in load_game("sultan").rules.claims}
    layout = claims["eight-kings-and-an-ace-taken-out"].model_dump(by_alias=True, exclude_none=True)
    with pytest.raises(ValidationError, match="only a claim about chance can be 'not_shown'"):
        Claim.model_validate({**layout, "expect": "not_shown", "note": "Said to be unknowable, for the test."})
    waiting = {c.id: c for c in load_game("calculation:waiting").rules.claims}["waiting-seldom-comes-out"]
    chance = waiting.model_dump(by_alias=True, exclude_none=True, exclude={"note"})
    with pytest.raises(ValidationError, match="expected to be not shown needs an editorial 'note'"):
        Claim.model_validate({**chance, "expect": "not_shown"})
    assert Claim.model_validate({**chance, "expect": "not_shown", "note": "The figures overlap."}).expect == "not_shown"


def test_the_page_words_each_verdict_and_warns_of_one_the_spec_does_not_record():
    from patience_sphinx.rules.claims import BADGES, _complaint, status
    from patience_sphinx.rules.clauses import tally

    claim = next(c for c in load_game("nivernaise").rules.claims if c.id == "no-space-hardly-worth-going-on")
    assert claim.expect == "not_shown"
    shown = {"holds": False, "verdict": "not_shown", "detail": "the intervals overlap"}
    assert status(claim, shown) == "not_shown" and BADGES["not_shown"] == "◌ Not shown by the figures"
    contradicted = {"holds": False, "verdict": "contradicted", "detail": "apart, the first above"}
    assert status(claim, contradicted) == "fails"
    assert _complaint("nivernaise.x", claim, contradicted) == (
        "claim nivernaise.x is marked as not shown by the figures, but it is contradicted: 'apart, the first above'")
    assert status(claim, {"holds": False, "detail": "cached before verdicts"}) == "fails"  # read as contradicted
    assert tally(["holds", "not_shown", "not_shown"]) == "3 claims: 1 holds, 2 are not shown by the figures."


def suggested_commands(text: str) -> list[list[str]]:
    return [shlex.split(command) for command in re.findall(r"`(patience stats [^`]*)`", text)]


def test_a_game_missing_from_the_table_is_an_error_suggesting_a_command_that_runs(monkeypatch, tmp_path):
    """The suggestion is parsed by the command's own parser (it once lacked the required --deals)."""
    monkeypatch.setattr(table, "TABLE", tmp_path / "table.json")  # no table yet
    with pytest.raises(ClaimError, match="the stored statistics have no deals of calculation:waiting") as caught:
        rarer_than(load_game("calculation:waiting"), "calculation", "player")
    ((program, *words),) = suggested_commands(str(caught.value))
    arguments = build_parser().parse_args(words)
    assert program == "patience" and arguments.game == "calculation:waiting" and arguments.save
    assert int(arguments.deals) > 0 and int(arguments.rungs) > 0


def test_the_table_s_own_findings_suggest_commands_that_run(monkeypatch, tmp_path):
    findings = " ".join(problem.message for problem in integrity.problems(tmp_path / "table.json", ["sultan"]))
    (command,) = suggested_commands(findings)
    assert build_parser().parse_args(command[1:]).game == "sultan"
