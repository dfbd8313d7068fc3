"""Statements about chance, asked of the stored statistics rather than of one deal.

The figures come from ``patience/stats/table.json``: the deals the solver decided
and the player played (see ``docs/statistics.md``). Each statement gets one of three
verdicts, and its account gives the figures either way:

- it **holds** when the figures show it with 95% confidence (the intervals lie apart
  the way the text says; every deal with the condition lost);
- it is **contradicted** when they show the opposite (the intervals lie apart the
  other way; a deal with the condition won, its line replayed by the engine);
- it is **not shown** when they can tell neither (the intervals overlap; the deals
  with the condition undecided).

A claim whose condition no stored deal meets cannot be asked at all: a variant in
which no deal can meet it should not carry it (``drop_claims``).
"""

from __future__ import annotations

from patience.cards import RANK_NAMES, parse_rank, rank_of, suit_of
from patience.claims.support import ClaimError, ClaimResult, area_piles, runs
from patience.engine.game import Game
from patience.rulespec.claim_kinds.chance import NeverWonWhenCovered, RarerThan, RarerWithoutSpace
from patience.stats import table
from patience.stats.found import stored_wins
from patience.stats.intervals import wilson


def _stored(game_id: str) -> dict:
    data = table.load()
    entry = data["games"].get(game_id)
    if entry is None:
        raise ClaimError(f"the stored statistics have no deals of {game_id} (compute them with "
                         f"`{table.computing(data, game_id)}`)")
    return entry


def _rate(won: int, deals: int) -> str:
    low, high = wilson(won, deals)
    return f"{won}/{deals} = {100 * won / max(1, deals):.1f}% (95% {100 * low:.1f}–{100 * high:.1f}%)"


def rarer(mine: tuple[float, float], theirs: tuple[float, float], detail: str) -> ClaimResult:
    """"Mine comes out less often than theirs", from the two intervals: apart one way
    it holds, apart the other way it is contradicted, overlapping it is not shown."""
    if mine[1] < theirs[0]:
        return ClaimResult(True, f"{detail}: the intervals lie apart, the first below")
    if mine[0] > theirs[1]:
        return ClaimResult(False, f"{detail}: the intervals lie apart, the first above")
    return ClaimResult(False, f"{detail}: the intervals overlap, so the figures cannot tell", shown=False)


@runs(RarerThan)
def rarer_than(game: Game, than: str, measure: str) -> ClaimResult:
    mine, theirs = table.summarize(game.id, _stored(game.id)), table.summarize(than, _stored(than))
    if measure == "player":
        return rarer(wilson(mine.player_won, mine.deals), wilson(theirs.player_won, theirs.deals),
                     f"the player won {game.id} {_rate(mine.player_won, mine.deals)}, "
                     f"{than} {_rate(theirs.player_won, theirs.deals)}")
    return rarer(mine.bounds, theirs.bounds,
                 f"the solver won {game.id} {mine.won}, lost {mine.lost}, left {mine.unknown} undecided "
                 f"({100 * mine.bounds[0]:.1f}–{100 * mine.bounds[1]:.1f}% whatever those are); {than} "
                 f"{theirs.won}, {theirs.lost}, {theirs.unknown} ({100 * theirs.bounds[0]:.1f}–"
                 f"{100 * theirs.bounds[1]:.1f}%)")


@runs(RarerWithoutSpace)
def rarer_without_space(game: Game) -> ClaimResult:
    rows = _stored(game.id)["deals"].values()
    groups = {flag: [row for row in rows if row[5] == flag] for flag in (0, 1)}
    won = {flag: sum(1 for row in group if row[2] == "won") for flag, group in groups.items()}
    size = {flag: len(group) for flag, group in groups.items()}
    if not size[0]:
        raise ClaimError(f"no stored deal of {game.id} is without a free space before the first row")
    return rarer(wilson(won[0], size[0]), wilson(won[1], size[1]),
                 f"the player won {_rate(won[0], size[0])} of the deals with no free space before the first "
                 f"row, {_rate(won[1], size[1])} of the others")


@runs(NeverWonWhenCovered)
def never_won_when_covered(game: Game, area: str, packets: int, covering) -> ClaimResult:
    piles = area_piles(game, area, role="tableau")
    rank = parse_rank(covering)
    counts = {"won": 0, "lost": 0, "unknown": 0}
    rows = _stored(game.id)["deals"]
    lines_won = stored_wins(game.id)
    for number, row in rows.items():
        if _covered(game.deal(int(number)).piles, piles, rank) >= packets:
            counts[table.outcome(row, int(number) in lines_won)] += 1
    found = sum(counts.values())
    condition = (f"in {packets} piles of the {area}, a {RANK_NAMES[rank - 1]} covering a lower card of its suit, "
                 f"one suit for all")
    if not found:
        raise ClaimError(f"none of the {len(rows)} stored deals of {game.id} has {condition}: where no deal can, "
                         f"the claim does not apply (drop it with drop_claims)")
    detail = (f"{found} of the {len(rows)} stored deals have {condition}; the solver (or, where it ran out, the "
              f"player or a line found) won {counts['won']}, lost {counts['lost']}, left {counts['unknown']} undecided")
    if counts["won"]:
        return ClaimResult(False, f"{detail}: a won deal refutes it")
    if counts["unknown"]:
        return ClaimResult(False, f"{detail}: none won, but the undecided could be", shown=False)
    return ClaimResult(True, f"{detail}: every one lost")


def _covered(layout: list[list[int]], piles: list[int], rank: int) -> int:
    """The most piles in which a card of ``rank`` of one and the same suit lies above a
    lower card of that suit."""
    per_suit = [0, 0, 0, 0]
    for pile in piles:
        suits = {suit_of(upper) for index, upper in enumerate(layout[pile]) for lower in layout[pile][:index]
                 if rank_of(upper) == rank and suit_of(lower) == suit_of(upper) and rank_of(lower) < rank}
        for suit in suits:
            per_suit[suit] += 1
    return max(per_suit)
