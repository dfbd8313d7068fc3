"""Mutation testing of the specs: does every rule the text states have a check that
fails when the rule is changed?

Each mutant of :mod:`patience.spec.mutants` is compiled and held to the same tests as
its spec: the text tests (quotations, stated numbers: :mod:`patience.claims.provenance`)
and every claim of its game, cheapest first, until one fails. A mutant is then

- **killed** when a test fails (the first that does is recorded);
- **equivalent** when it plays the same: from the same deals, in lockstep random
  playouts, both games offer the same legal moves and reach the same piles after each
  move (:data:`SAMPLE_DEALS` deals, up to :data:`SAMPLE_MOVES` moves each) — evidence
  from sampled positions, not a proof;
- **silent** when it survives and its clause records the parameter as conjecture;
- **survived** otherwise: a rule the text states that nothing defends.

The schema or the compiler refusing a mutant (a count that no longer fits) makes it
*refused*: not a spec, and not counted among the mutants.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from patience.claims import ClaimError, run_claim
from patience.claims.provenance import number_problems, quotation_problems
from patience.datafile import DataFileError
from patience.engine import rng
from patience.engine.compiler import compile_rules
from patience.engine.game import Game
from patience.spec.loading import claims_of, clauses_of
from patience.spec.mutants import Mutant
from patience.spec.schema import Claim, Spec

SAMPLE_DEALS = range(4)
SAMPLE_MOVES = 250
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
    first, and the text problems it already has (none, in a sound edition)."""

    game: Game
    claims: list[Claim]
    text_problems: set[str]
    failing: list[str] = field(default_factory=list)


def variant_of(game_id: str) -> str | None:
    return game_id.split(":", 1)[1] if ":" in game_id else None


def compile_game(spec: Spec, game_id: str, path: Path) -> Game:
    """The game a (possibly mutated) spec defines; a refused spec raises ``DataFileError``
    or ``ValueError``."""
    variant = variant_of(game_id)
    rules = compile_rules(spec, clauses_of(spec, variant), path, game_id, {})
    rules.claims = claims_of(spec, variant)
    game = Game(rules)
    game.deal(0)
    return game


def text_problems(spec: Spec, reading: Reading) -> set[str]:
    return set(quotation_problems(spec, reading)) | set(number_problems(spec, reading))


def baseline(spec: Spec, game_id: str, path: Path, reading: Reading) -> Baseline:
    game = compile_game(spec, game_id, path)
    timed, failing = [], []
    for claim in game.rules.claims:
        start = time.perf_counter()
        holds = _claim_fails(game, claim) is None
        (timed if holds else failing).append((time.perf_counter() - start, claim))
    return Baseline(game, [claim for _, claim in sorted(timed, key=lambda pair: pair[0])],
                    text_problems(spec, reading), [claim.id for _, claim in failing])


def judge(mutant: Mutant, base: Baseline, path: Path, reading: Reading) -> Verdict:
    """Run the text tests and the claims on one mutant, then, if it survives, sample
    whether it plays the same."""
    if mutant.spec is None:
        return Verdict(mutant, "refused", detail="the schema refuses it")
    new_problems = text_problems(mutant.spec, reading) - base.text_problems
    if new_problems:
        killer = "numbers" if any(" states " in p for p in new_problems) else "quotes"
        return Verdict(mutant, "killed", killer, sorted(new_problems)[0])
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
    difference = plays_differently(base.game, game)
    if difference is None:
        return Verdict(mutant, "equivalent",
                       detail=f"same legal moves and piles over {len(SAMPLE_DEALS)} deals × {SAMPLE_MOVES} moves")
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
    if result.holds != (claim.expect == "holds"):
        return f"{claim.id}: {result.detail}"
    return None


def plays_differently(original: Game, mutant: Game) -> str | None:
    """The first difference in play between two games on the same deals, or ``None``.

    Both games are played in lockstep from each sampled deal: at every position the two
    must offer the same legal moves; one of them, chosen at random, is played in both,
    and the piles must then agree."""
    if original.rules.pile_area != mutant.rules.pile_area:
        return "the piles differ"
    for number in SAMPLE_DEALS:
        first, second = original.deal(number), mutant.deal(number)
        if first.piles != second.piles:
            return f"deal {number} lays out differently"
        generator = rng.SplitMix64(rng.seed(f"{original.id}:{number}:equivalence"))
        for step in range(SAMPLE_MOVES):
            moves, others = original.legal_moves(first), mutant.legal_moves(second)
            if set(moves) != set(others):
                extra = next(iter(set(moves) ^ set(others)))
                return f"deal {number}, move {step}: only one game allows {original.describe(extra)}"
            if original.is_won(first) != mutant.is_won(second):
                return f"deal {number}, move {step}: won in one game only"
            if not moves:
                break
            move = moves[generator.below(len(moves))]
            original.apply(first, move)
            mutant.apply(second, move)
            if first.piles != second.piles or first.passes != second.passes:
                return f"deal {number}, after {original.describe(move)}: the piles differ"
    return None


def claim_kills(verdicts: Iterable[Verdict], games: dict[str, Game], base: dict[str, Baseline],
                path_of: Callable[[str], Path]) -> dict[str, dict[str, str]]:
    """For each claim of each game, a mutant it kills: the one it was first to kill, or,
    for a claim another always killed first, the first killed mutant it also kills."""
    found: dict[str, dict[str, str]] = {game_id: {} for game_id in base}
    killed = [v for v in verdicts if v.outcome == "killed"]
    for verdict in killed:
        if verdict.killer in {c.id for c in base[verdict.mutant.game].claims}:
            found[verdict.mutant.game].setdefault(verdict.killer, verdict.mutant.label)
    for game_id, baseline_ in base.items():
        for claim in baseline_.claims:
            if claim.id in found[game_id]:
                continue
            for verdict in (v for v in killed if v.mutant.game == game_id and v.mutant.spec is not None):
                game = games.get(verdict.mutant.label) or _compiled(verdict.mutant, path_of)
                if game is not None and kills(game, claim):
                    found[game_id][claim.id] = verdict.mutant.label
                    break
    return found


def _compiled(mutant: Mutant, path_of: Callable[[str], Path]) -> Game | None:
    try:
        return compile_game(mutant.spec, mutant.game, path_of(mutant.game))
    except (DataFileError, ValueError):
        return None


def score(verdicts: Iterable[Verdict]) -> dict:
    """The summary ``patience check --mutations --json`` prints."""
    verdicts = [v for v in verdicts if v.outcome != "refused"]
    counts = Counter(v.outcome for v in verdicts)
    return {"mutants": len(verdicts), **{outcome: counts[outcome] for outcome in OUTCOMES[:3]},
            "survived": [v.mutant.as_dict() | {"detail": v.detail} for v in verdicts if v.outcome == "survived"]}
