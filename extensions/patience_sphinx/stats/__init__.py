"""The statistics page: the stored table of results and its chart, rendered at build time.

Directive ``stats-table``: a table of every game and variant in
``patience/stats/table.json`` (deals, won/lost/unknown, rates with 95% Wilson
intervals, the player's rate, seconds a deal, the digests and the command that
reproduces the row) and an inline SVG chart (:mod:`patience.stats.chart`). A thin
adapter: the figures come from :mod:`patience.stats.table`.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective


class StatsTableDirective(SphinxDirective):
    has_content = False

    def run(self):
        from patience.stats import table
        from patience.stats.chart import chart

        self.env.note_dependency(str(table.TABLE))
        data = table.load()
        summaries = table.summaries(data)
        titles = _titles()
        grid = _grid(summaries, data, titles)
        svg = nodes.raw("", f'<figure class="stats-figure">{chart(summaries, titles)}</figure>', format="html")
        return [grid, svg]


def _titles() -> dict[str, str]:
    from patience.engine import games

    return {entry.id: entry.title for entry in games()}


HEAD = ("Game", "Deals", "Won", "Lost", "Unknown", "Win rate of decided deals (95%)",
        "Bounds, unknowns lost or won", "Player (95%)", "Seconds a deal", "Digests (engine, spec)")


def _grid(summaries, data, titles) -> nodes.table:
    table_node = nodes.table(classes=["stats-table"])
    group = nodes.tgroup(cols=len(HEAD))
    table_node += group
    group += [nodes.colspec(colwidth=1) for _ in HEAD]
    head = nodes.thead()
    head += _line(HEAD)
    group += head
    body = nodes.tbody()
    for summary in summaries:
        stored = data["games"][summary.game]
        rate, low, high = summary.decided_rate
        lowest, highest = summary.bounds
        player, player_low, player_high = summary.player_rate
        decided = f"{_pc(rate)} ({_pc(low)}–{_pc(high)})" if summary.won + summary.lost else "—"
        body += _line((f"{titles.get(summary.game, summary.game)} ({summary.game})", str(summary.deals),
                       _won(summary), str(summary.lost), str(summary.unknown), decided,
                       f"{_pc(lowest)}–{_pc(highest)}", f"{_pc(player)} ({_pc(player_low)}–{_pc(player_high)})",
                       f"{summary.solve_s:.2f} + {summary.play_s:.2f}",
                       f"{stored['engine'][:10]}, {stored['spec'][:10]}"))
    group += body
    return table_node


def _line(cells) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += nodes.paragraph("", cell)
        row += entry
    return row


def _won(summary) -> str:
    return f"{summary.won} ({summary.won_by_player} by the player)" if summary.won_by_player else str(summary.won)


def _pc(value: float) -> str:
    return f"{100 * value:.1f}%"


def setup(app):
    app.add_directive("stats-table", StatsTableDirective)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
