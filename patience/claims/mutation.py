"""Mutation testing of the specs: does every rule the text states have a check that
fails when the rule is changed?

Each mutant of :mod:`patience.rulespec.mutants` is compiled and held to the same tests as
its spec: the text tests (quotations, stated numbers: :mod:`patience.claims.provenance`)
and every claim of its game, cheapest kind first, until one fails. A mutant is then

- **killed** when a test fails (the first that does is recorded);
- **equivalent** when it plays the same (:mod:`patience.claims.equivalence`): from the
  same deals, along random, player and solver lines in lockstep, both games offer the
  same legal moves, agree whether each position is won or blocked and what the player
  sees, reach the same piles after each move, and agree on end positions where a win
  is declared — evidence from sampled positions, not a proof;
- **silent** when it survives and its clause records the parameter as conjecture;
- **survived** otherwise: a rule the text states that nothing defends.

The schema or the compiler refusing a mutant (a count that no longer fits) makes it
*refused*: not a spec, and not counted among the mutants.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from patience.claims import ClaimError, run_claim
from patience.claims.equivalence import DEALS, RANDOM_MOVES, Lines, lines_of, plays_differently
from patience.claims.provenance import number_problems, number_ties, quotation_problems
from patience.datafile import DataFileError
from patience.engine.game import Game
from patience.rulespec.claim_kinds import foundations, layout, pairs, playouts, redeals
from patience.rulespec.claim_kinds.chance import MODELS as CHANCE_MODELS
from patience.rulespec.compile import compile_rules
from patience.rulespec.loading import clauses_of, variant_of
from patience.rulespec.mutants import Mutant
from patience.rulespec.schema import Claim, Spec
from patience.stats import table

COST_ORDER = (layout.MODELS, foundations.MODELS, pairs.MODELS, redeals.MODELS, playouts.MODELS, CHANCE_MODELS)
OUTCOMES = ("killed", "equivalent", "silent", "survived")
Reading = Callable[[str], str]


@dataclass
class Verdict:
    """What became of one mutant, and the test that killed it (``numbers``, ``quotes``
    or a claim id)."""

    mutant: Mutant
    outcome: str  # killed | equivalent | silent | survived | refused
    killer: str | None = None
    detail: str = ""

    def as_dict(self) -> dict:
        return {**self.mutant.as_dict(), "outcome": self.outcome, "killer": self.killer, "detail": self.detail}


@dataclass
class Baseline:
    """A game as its spec stands: its claims (those that hold as expected), cheapest
    kind first, and the text problems it already has (none, in a sound edition)."""

    spec: Spec
    game: Game
    claims: list[Claim]
    text_problems: set[str]
    failing: list[str] = field(default_factory=list)
    ties: dict[tuple[str, int], set[tuple[str, str, str]]] = field(default_factory=dict)
    _lines: Lines | None = None

    def lines(self) -> Lines:
        """The spec's player and solver lines on the sampled deals, found once, when first needed."""
        if self._lines is None:
            self._lines = lines_of(self.game)
        return self._lines


def compile_game(spec: Spec, game_id: str, path: Path) -> Game:
    """The game a (possibly mutated) spec defines; a refused spec raises ``DataFileError``
    or ``ValueError``."""
    variant = variant_of(game_id)
    rules = compile_rules(spec, clauses_of(spec, variant), path, game_id, {})
    game = Game(rules)
    game.deal(0)
    return game


def text_problems(spec: Spec, reading: Reading) -> set[str]:
    return set(quotation_problems(spec, reading)) | set(number_problems(spec, reading))


def baseline(spec: Spec, game_id: str, path: Path, reading: Reading) -> Baseline:
    game = compile_game(spec, game_id, path)
    holding = [claim for claim in game.rules.claims if _claim_fails(game, claim) is None]
    failing = [claim.id for claim in game.rules.claims if claim not in holding]
    return Baseline(spec, game, sorted(holding, key=_cost), text_problems(spec, reading), failing,
                    number_ties(spec, reading))


def untied(mutant: Spec, base: Baseline, reading: Reading) -> str | None:
    """A number the text states that a parameter carried in the spec and no longer does."""
    now = number_ties(mutant, reading)
    for (passage, value), carriers in sorted(base.ties.items()):
        lost = carriers - now.get((passage, value), set())
        if lost:
            game, item, key = sorted(lost)[0]
            return f"{passage} states {value}, which {game} {item}.{key} carried and no longer does"
    return None


def _cost(claim: Claim) -> int:
    """The rank of a claim's kind by what it asks: the layout and the foundations before
    pairs, redeals and playouts, the stored statistics last. A fixed order (the spec's
    within a rank), so that the claim recorded killing a mutant is the same on every run."""
    return next(rank for rank, models in enumerate(COST_ORDER) if type(claim.check) in models)


def judge(mutant: Mutant, base: Baseline, path: Path, reading: Reading) -> Verdict:
    """Run the text tests and the claims on one mutant, then, if it survives, sample
    whether it plays the same."""
    if mutant.spec is None:
        return Verdict(mutant, "refused", detail="the schema refuses it")
    new_problems = text_problems(mutant.spec, reading) - base.text_problems
    if new_problems:
        killer = "numbers" if any(" states " in p for p in new_problems) else "quotes"
        return Verdict(mutant, "killed", killer, sorted(new_problems)[0])
    lost = untied(mutant.spec, base, reading)
    if lost:
        return Verdict(mutant, "killed", "numbers", lost)
    try:
        game = compile_game(mutant.spec, mutant.game, path)
    except (DataFileError, ValueError) as error:
        return Verdict(mutant, "refused", detail=str(error))
    return judge_game(mutant, game, base)


def judge_game(mutant: Mutant, game: Game, base: Baseline) -> Verdict:
    for claim in base.claims:
        failure = _claim_fails(game, claim)
        if failure is not None:
            return Verdict(mutant, "killed", claim.id, failure)
    difference = plays_differently(base.game, game, base.lines())
    if difference is None:
        return Verdict(mutant, "equivalent",
                       detail=f"the same play over {len(DEALS)} deals (random lines of {RANDOM_MOVES} moves, "
                              "the player's and the solver's lines) and at the end positions")
    return Verdict(mutant, "silent" if mutant.silent else "survived", detail=difference)


def kills(game: Game, claim: Claim) -> bool:
    return _claim_fails(game, claim) is not None


def _claim_fails(game: Game, claim: Claim) -> str | None:
    """Why the claim's outcome is not the one the spec expects, or ``None``."""
    try:
        result = run_claim(game, claim)
    except ClaimError as error:
        return str(error)
    except Exception as error:  # a mutant may break what a check takes for granted
        return f"{claim.id}: {type(error).__name__}: {error}"
    if result.verdict != claim.expect:
        return f"{claim.id}: {result.detail}"
    return None


FLIP = {"won": "lost", "lost": "won"}


def _reversed(row: list) -> list:
    return [FLIP.get(row[0], row[0]), row[1], FLIP.get(row[2], row[2]), *row[3:]]


def _decided_lost(row: list) -> list:
    return ["lost" if row[0] == "unknown" else row[0], *row[1:]]


def _all_won(row: list) -> list:
    return ["won", row[1], "won", *row[3:]]


# Changes of the stored figures (patience/stats/table.json): (label, the games whose
# rows change — all, or all but the claim's own — and the change of one deal's row).
STATISTICS_MUTANTS = (
    ("statistics: every stored outcome reversed", "all", _reversed),
    ("statistics: every undecided deal lost", "all", _decided_lost),
    ("statistics: every deal of the other games won", "others", _all_won),
)
# A check whose figures no such change can turn: it compares two groups of one game's
# deals, chosen by its own condition, so only figures chosen by that condition could.
FIGURES_CANNOT_TURN = {
    "rarer_without_space": "it compares two groups of one game's deals, split by its own condition (a "
                           "space before the first row); a change of the figures that could turn it "
                           "would have to choose deals by that condition, which would prove nothing",
}


def reads_statistics(claim: Claim) -> bool:
    """A claim about chance reads the stored statistics, which no change of the spec
    alters; what can make it fail is other figures."""
    return type(claim.check) in CHANCE_MODELS


def statistics_mutant_killing(game: Game, claim: Claim) -> str | None:
    """The first change of the stored figures (:data:`STATISTICS_MUTANTS`) under which
    the claim's outcome differs from the one the spec expects."""
    return next((label for label, _, _ in STATISTICS_MUTANTS if kills_with_statistics(game, claim, label)), None)


def kills_with_statistics(game: Game, claim: Claim, label: str) -> bool:
    _, games, change = next(m for m in STATISTICS_MUTANTS if m[0] == label)
    stored = table.load
    data = stored()
    changed = {**data, "games": {
        game_id: {**entry, "deals": {number: change(row) if games == "all" or game_id != game.id else row
                                     for number, row in entry["deals"].items()}}
        for game_id, entry in data["games"].items()}}
    table.load = lambda *args, **kwargs: changed
    try:
        return kills(game, claim)
    finally:
        table.load = stored
