"""Mutation testing over the edition: the mutants of the chosen games judged (in
worker processes when asked), the score per game, and for each claim a mutant it kills.

The text model stays outside the claims: the caller passes ``reading``, a picklable
function returning the reading text of a passage id (``patience check`` passes the
edition's).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from patience.claims.mutation import (
    FIGURES_CANNOT_TURN,
    OUTCOMES,
    Baseline,
    Verdict,
    baseline,
    compile_game,
    judge,
    kills,
    reads_statistics,
    statistics_mutant_killing,
)
from patience.datafile import DataFileError
from patience.engine.game import Game
from patience.rulespec.loading import find, games, variant_of
from patience.rulespec.mutants import Mutant, mutants, probes

Reading = Callable[[str], str]


@dataclass
class GameScore:
    """One game's (or variant's) verdicts, the mutant that each of its claims kills
    (``None`` for a claim no mutant makes fail), and the claims exempt from that, with
    the reason (a chance claim whose figures no change can turn)."""

    game: str
    verdicts: list[Verdict]
    kills: dict[str, str | None]
    exempt: dict[str, str] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        judged = [v for v in self.verdicts if v.outcome != "refused"]
        counts = {"mutants": len(judged)}
        counts.update({outcome: sum(v.outcome == outcome for v in judged) for outcome in OUTCOMES})
        counts["refused"] = len(self.verdicts) - len(judged)
        return counts

    @property
    def survivors(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.outcome == "survived"]


def playable(game_filter: str | None = None) -> list[str]:
    """The ids of the playable games and variants (of one game, if given)."""
    ids = [entry.id for entry in games() if entry.playable]
    if game_filter is None:
        return ids
    chosen = [i for i in ids if i == game_filter or i.split(":")[0] == game_filter]
    if not chosen:
        raise KeyError(f"no playable game {game_filter!r}; playable: {', '.join(ids)}")
    return chosen


def score_games(game_ids: list[str], reading: Reading, jobs: int = 1, every: int = 1,
                done: Callable[[GameScore], None] = lambda score: None) -> list[GameScore]:
    """Score each game; ``every`` > 1 judges only every n-th mutant of each (a sample).
    ``done`` is told of each game as it is finished."""
    if jobs <= 1:
        scores = []
        for game_id in game_ids:
            scores.append(score_game(game_id, reading, every))
            done(scores[-1])
        return scores
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(score_game, game_id, reading, every): game_id for game_id in game_ids}
        finished = {}
        for future in as_completed(futures):
            finished[futures[future]] = future.result()
            done(finished[futures[future]])
        return [finished[game_id] for game_id in game_ids]


def score_game(game_id: str, reading: Reading, every: int = 1) -> GameScore:
    spec, _, path = find(game_id)
    base = baseline(spec, game_id, path, reading)
    own = [m for m in mutants(spec) if m.game == game_id][::every]
    verdicts = [judge(mutant, base, path, reading) for mutant in own]
    found = _claim_kills(base, verdicts, path, _own_claims(spec, game_id), search=every == 1)
    exempt = {claim.id: FIGURES_CANNOT_TURN[claim.check.kind] for claim in base.claims
              if found.get(claim.id, "") is None and claim.check.kind in FIGURES_CANNOT_TURN}
    return GameScore(game_id, verdicts, found, exempt)


def _own_claims(spec, game_id: str) -> set[str]:
    """A game's claims; a variant's own (those it inherits are the base game's to kill,
    as only the variant's own clauses are mutated in it)."""
    variant = variant_of(game_id)
    if variant is None:
        return {claim.id for claim in spec.claims}
    return {claim.id for claim in next(v for v in spec.variants if v.id == variant).claims}


def _claim_kills(base: Baseline, verdicts: list[Verdict], path, own: set[str],
                 search: bool = True) -> dict[str, str | None]:
    """The mutant each of the game's own claims was first to kill; for a claim always
    beaten to it by another, the first killed mutant it also kills; for a claim no
    scored mutant makes fail, the first probe (:func:`patience.rulespec.mutants.probes`)
    that does, or, for a claim read from the stored statistics, a change of those
    figures (:data:`patience.claims.mutation.STATISTICS_MUTANTS`). A sample
    (``search`` false) looks among its killed mutants only."""
    found: dict[str, str | None] = {claim.id: None for claim in base.claims if claim.id in own}
    killed = [v for v in verdicts if v.outcome == "killed"]
    for verdict in killed:
        if verdict.killer in found and found[verdict.killer] is None:
            found[verdict.killer] = verdict.mutant.label
    compiled: dict[str, Game | None] = {}

    def first_killing(claim, candidates) -> str | None:
        for mutant in candidates:
            if mutant.label not in compiled:
                compiled[mutant.label] = _compiled(mutant, path)
            game = compiled[mutant.label]
            if game is not None and kills(game, claim):
                return mutant.label
        return None

    for claim in (c for c in base.claims if c.id in found and found[c.id] is None):
        found[claim.id] = first_killing(claim, [v.mutant for v in killed])
    if not search:
        return found
    spec_probes = None
    for claim in (c for c in base.claims if c.id in found and found[c.id] is None):
        if reads_statistics(claim):
            found[claim.id] = statistics_mutant_killing(base.game, claim)
            continue
        if spec_probes is None:
            spec_probes = [m for m in probes(base.spec) if m.game == base.game.id and m.spec is not None]
        found[claim.id] = first_killing(claim, sorted(spec_probes, key=lambda m: -_nearness(m, claim)))
    return found


def _nearness(probe: Mutant, claim) -> int:
    """How many of the areas the claim's check names the probe's clause or change names:
    the likeliest probes are tried first."""
    named = {value for value in claim.check.model_dump(by_alias=True).values() if isinstance(value, str)}
    named |= {item for value in claim.check.model_dump(by_alias=True).values() if isinstance(value, list)
              for item in value if isinstance(item, str)}
    clause = next((c for c in probe.spec.clauses if c.id == probe.clause), None) if probe.spec else None
    text = f"{probe.mutation} {clause.model_dump_json(by_alias=True) if clause else ''}"
    return sum(name in text for name in named)


def _compiled(mutant: Mutant, path) -> Game | None:
    if mutant.spec is None:  # the schema refused the change
        return None
    try:
        return compile_game(mutant.spec, mutant.game, path)
    except (DataFileError, ValueError):
        return None


def summary(scores: list[GameScore]) -> dict:
    """What ``patience check --mutations --json`` prints."""
    totals = {key: sum(score.counts()[key] for score in scores)
              for key in ("mutants", "killed", "equivalent", "silent")}
    return {
        **totals,
        "survived": [v.mutant.as_dict() | {"detail": v.detail} for s in scores for v in s.survivors],
        "games": {score.game: score.counts() for score in scores},
        "kills": {score.game: {claim: label for claim, label in score.kills.items() if label is not None}
                  for score in scores},
        "claims_never_killing": sorted(f"{score.game} {claim}" for score in scores
                                       for claim, label in score.kills.items()
                                       if label is None and claim not in score.exempt),
        "claims_exempt": {f"{score.game} {claim}": reason for score in scores
                          for claim, reason in score.exempt.items()},
    }
