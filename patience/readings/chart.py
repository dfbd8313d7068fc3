"""A departure's measured effect as a small SVG chart: one line per reading on a scale
of 0–100%, the rate as a dot and its 95% interval as a bar (widened, where the solver
left deals undecided, to the highest rate they allow). Plain SVG written at build time,
with its text alternative; the figures are also given in words beside it."""

from __future__ import annotations

from html import escape

from patience.readings import READINGS, WHOSE, Effect, Rate

LABEL, PLOT, ROW, TOP = 150, 300, 24, 8
COLOURS = {"russian": "#8c2d1f", "english": "#1f4e8c"}


def _x(rate: float) -> float:
    return LABEL + PLOT * rate


def effect_svg(effect: Effect, ident: str) -> str:
    """The chart of a measured effect (``effect.measured`` must hold)."""
    height = TOP + ROW * len(READINGS) + 26
    described = "; ".join(describe(reading, effect.rate_of(reading)) for reading in READINGS)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="ed-effect-chart" viewBox="0 0 {LABEL + PLOT + 20} '
             f'{height}" role="img" aria-labelledby="{ident}-title {ident}-desc">',
             f'<title id="{ident}-title">The win rate under each reading of {escape(effect.departure)}</title>',
             f'<desc id="{ident}-desc">{escape(described)}.</desc>']
    bottom = TOP + ROW * len(READINGS)
    for percent in range(0, 101, 25):
        x = _x(percent / 100)
        parts.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{bottom}" stroke="#ccc"/>')
        parts.append(f'<text x="{x:.1f}" y="{bottom + 16}" font-size="11" text-anchor="middle">{percent}%</text>')
    for index, reading in enumerate(READINGS):
        parts += _row(reading, effect.rate_of(reading), TOP + ROW * index + ROW / 2)
    parts.append("</svg>")
    return "\n".join(parts)


def _row(reading: str, rate: Rate, y: float) -> list[str]:
    colour = COLOURS[reading]
    label = f"{WHOSE[reading][0].upper()}{WHOSE[reading][1:]}"
    return [f'<text x="{LABEL - 8}" y="{y + 4:.1f}" font-size="12" text-anchor="end">{escape(label)}</text>',
            f'<line x1="{_x(rate.low):.1f}" y1="{y:.1f}" x2="{_x(rate.high):.1f}" y2="{y:.1f}" stroke="{colour}" '
            'stroke-width="3"/>',
            f'<circle cx="{_x(rate.rate):.1f}" cy="{y:.1f}" r="4.5" fill="{colour}">'
            f'<title>{escape(describe(reading, rate))}</title></circle>']


def describe(reading: str, rate: Rate) -> str:
    """One reading's rate in words: ``the Russian (sultan): 4 of 755 deals won, 0.5% …``."""
    undecided = f", {rate.undecided} left undecided" if rate.undecided else ""
    by = " by the player" if rate.by_player else ""
    return (f"{WHOSE[reading]} ({rate.game}): {rate.won} of {rate.out_of} deals won{by}{undecided}, "
            f"{100 * rate.rate:.1f}% (95% interval {100 * rate.low:.1f}–{100 * rate.high:.1f}%)")
