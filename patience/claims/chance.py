"""Statements about chance, asked of the stored statistics rather than of one deal.

The figures come from ``patience/stats/table.json``: the deals the solver decided
and the player played (see ``docs/statistics.md``). A claim holds when the figures
show it with 95% confidence (intervals that do not overlap, or deals the solver found
lost and none it found won);
otherwise its account gives the figures that fail to show it.
"""

from __future__ import annotations

from patience.cards import RANK_NAMES, parse_rank, rank_of, suit_of
from patience.claims.support import ClaimError, ClaimResult, area_piles, runs
from patience.engine.game import Game
from patience.spec.checks.chance import NeverWonWhenCovered, RarerThan, RarerWithoutSpace
from patience.stats import table
from patience.stats.intervals import wilson


def _stored(game_id: str) -> dict:
    entry = table.load()["games"].get(game_id)
    if entry is None:
        raise ClaimError(f"the stored statistics have no deals of {game_id} (run `patience stats {game_id} --save`)")
    return entry


def _rate(won: int, deals: int) -> str:
    low, high = wilson(won, deals)
    return f"{won}/{deals} = {100 * won / max(1, deals):.1f}% (95% {100 * low:.1f}–{100 * high:.1f}%)"


@runs(RarerThan)
def rarer_than(game: Game, than: str, measure: str) -> ClaimResult:
    mine, theirs = table.summarize(game.id, _stored(game.id)), table.summarize(than, _stored(than))
    if measure == "player":
        holds = wilson(mine.player_won, mine.deals)[1] < wilson(theirs.player_won, theirs.deals)[0]
        detail = (f"the player won {game.id} {_rate(mine.player_won, mine.deals)}, "
                  f"{than} {_rate(theirs.player_won, theirs.deals)}")
    else:
        holds = mine.bounds[1] < theirs.bounds[0]
        detail = (f"the solver won {game.id} {mine.won}, lost {mine.lost}, unknown {mine.unknown} "
                  f"(at most {100 * mine.bounds[1]:.1f}%); {than} {theirs.won}, {theirs.lost}, {theirs.unknown} "
                  f"(at least {100 * theirs.bounds[0]:.1f}%)")
    return ClaimResult(holds, detail + ("" if holds else ": the intervals overlap"))


@runs(RarerWithoutSpace)
def rarer_without_space(game: Game) -> ClaimResult:
    rows = _stored(game.id)["deals"].values()
    groups = {flag: [row for row in rows if row[5] == flag] for flag in (0, 1)}
    won = {flag: sum(1 for row in group if row[2] == "won") for flag, group in groups.items()}
    size = {flag: len(group) for flag, group in groups.items()}
    holds = wilson(won[0], size[0])[1] < wilson(won[1], size[1])[0]
    detail = (f"the player won {_rate(won[0], size[0])} of the deals with no free space before the first "
              f"row, {_rate(won[1], size[1])} of the others, {_rate(won[0] + won[1], size[0] + size[1])} "
              f"in all")
    return ClaimResult(holds, detail + ("" if holds else ": the intervals overlap"))


@runs(NeverWonWhenCovered)
def never_won_when_covered(game: Game, area: str, packets: int, covering) -> ClaimResult:
    piles = area_piles(game, area, role="tableau")
    rank = parse_rank(covering)
    counts = {"won": 0, "lost": 0, "unknown": 0}
    rows = _stored(game.id)["deals"]
    for number, row in rows.items():
        if _covered(game.deal(int(number)).piles, piles, rank) >= packets:
            counts[table.outcome(row)] += 1
    found = sum(counts.values())
    detail = (f"{found} of the {len(rows)} stored deals have, in {packets} piles of the {area}, a "
              f"{RANK_NAMES[rank - 1]} covering a lower card of its suit, one suit for all; the solver (or, where it ran out, the player) won "
              f"{counts['won']}, lost {counts['lost']}, could not decide {counts['unknown']}")
    shown = counts["won"] == 0 and counts["lost"] > 0  # undecided deals show nothing either way
    return ClaimResult(shown, detail + ("" if shown else ": not shown" if not counts["won"] else ""))


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
