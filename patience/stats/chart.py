"""The win rates as an SVG chart: one row per game, a scale of 0–100%.

For each game: a band from the lowest to the highest rate the undecided deals allow
(with their intervals), which leads; the solver's rate among decided deals as a dot
with its 95% Wilson interval, only once the undecided deals are few (before, it says
little of the game); and the player's rate as a diamond with its interval. Plain SVG,
written at build time from the stored table: no script, no network.
"""

from __future__ import annotations

from html import escape

from patience.stats.table import Summary

LABEL, PLOT, ROW, TOP = 190, 420, 26, 30


def _x(rate: float) -> float:
    return LABEL + PLOT * rate


def chart(summaries: list[Summary], titles: dict[str, str]) -> str:
    height = TOP + ROW * len(summaries) + 40
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="stats-chart" viewBox="0 0 {LABEL + PLOT + 20} {height}" '
             f'role="img" aria-labelledby="stats-chart-title stats-chart-desc">',
             '<title id="stats-chart-title">Win rates of the games, with 95% intervals</title>',
             '<desc id="stats-chart-desc">For each game: the range of win rates the undecided deals allow '
             "(band), the solver's win rate among decided deals where few are undecided (dot) and the "
             "player's win rate (diamond), each with its 95% Wilson interval. The figures are in the "
             'table.</desc>']
    parts += _scale(height)
    for index, summary in enumerate(summaries):
        parts += _row(summary, titles.get(summary.game, summary.game), TOP + ROW * index + ROW / 2)
    parts.append("</svg>")
    return "\n".join(parts)


def _scale(height: int) -> list[str]:
    lines = []
    for percent in range(0, 101, 20):
        x = _x(percent / 100)
        lines.append(f'<line x1="{x:.1f}" y1="{TOP - 6}" x2="{x:.1f}" y2="{height - 30}" stroke="#ccc"/>')
        lines.append(f'<text x="{x:.1f}" y="{height - 14}" font-size="11" text-anchor="middle">{percent}%</text>')
    return lines


def _row(summary: Summary, title: str, y: float) -> list[str]:
    low, high = summary.bounds
    rate, rate_low, rate_high = summary.decided_rate
    player, player_low, player_high = summary.player_rate
    parts = [f'<text x="{LABEL - 8}" y="{y + 4:.1f}" font-size="12" text-anchor="end">{escape(title)}</text>',
             f'<rect x="{_x(low):.1f}" y="{y - 8:.1f}" width="{_x(high) - _x(low):.1f}" height="16" '
             f'fill="#b9d3ee"><title>{escape(title)}: {100 * low:.1f}–{100 * high:.1f}% whatever the undecided deals are'
             f'</title></rect>']
    if summary.won + summary.lost and summary.undecided_small:
        parts += _whisker(rate_low, rate_high, y - 3, "#1f4e8c")
        parts.append(f'<circle cx="{_x(rate):.1f}" cy="{y - 3:.1f}" r="4" fill="#1f4e8c"><title>{escape(title)}: '
                     f'solver {100 * rate:.1f}% of decided deals ({100 * rate_low:.1f}–{100 * rate_high:.1f}%)</title></circle>')
    parts += _whisker(player_low, player_high, y + 4, "#b3541e")
    x = _x(player)
    parts.append(f'<path d="M{x:.1f},{y:.1f} l4,4 l-4,4 l-4,-4 z" fill="#b3541e"><title>{escape(title)}: player '
                 f'{100 * player:.1f}% ({100 * player_low:.1f}–{100 * player_high:.1f}%)</title></path>')
    return parts


def _whisker(low: float, high: float, y: float, colour: str) -> list[str]:
    return [f'<line x1="{_x(low):.1f}" y1="{y:.1f}" x2="{_x(high):.1f}" y2="{y:.1f}" stroke="{colour}" stroke-width="1.5"/>']
