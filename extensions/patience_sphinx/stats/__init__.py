"""The statistics page: the stored table of results and its chart, rendered at build time.

Directive ``stats-table``: for every game and variant in ``patience/stats/table.json``,
a table of outcomes led by the bounds on the win rate that count the undecided deals
either way (the rate among decided deals is given only once the undecided are few),
the share decided and the player's rate, each with its 95% Wilson interval; a table
of the escalation ladder (the deals each rung decided, processor seconds a deal, the
digests); and an inline SVG chart (:mod:`patience.stats.chart`). Before publishing,
the table is checked (:mod:`patience.stats.integrity`): each problem is a
``check.statistics`` warning located in the table, so ``-W`` fails the build. A thin
adapter: the figures come from :mod:`patience.stats.table`.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from .._logging import file_location
from .._logging import warn_check as warn


class StatsTableDirective(SphinxDirective):
    has_content = False

    def run(self):
        from patience.rulespec.loading import spec_paths
        from patience.stats import found, integrity, table
        from patience.stats.chart import chart
        from patience.stats.digests import code_files

        for path in [table.TABLE, found.FOUND, *code_files(), *code_files(found.FINDER), *spec_paths()]:  # what the checks read
            self.env.note_dependency(str(path))
        for problem in integrity.problems():
            warn("statistics", problem.message, file_location(table.TABLE, problem.line))
        for line, message in found.problems():
            warn("statistics", message, file_location(found.FOUND, line))
        try:
            data = table.load()
        except table.TableError as error:
            return [nodes.paragraph("", f"The stored table cannot be read: {error.message}.")]
        summaries = table.summaries(data)
        titles = _titles()
        svg = nodes.raw("", f'<figure class="stats-figure">{chart(summaries, titles)}</figure>', format="html")
        return [_outcomes(summaries, titles), svg, _ladder(summaries, data, titles)]


def _titles() -> dict[str, str]:
    from patience.rulespec.compile import games

    return {entry.id: entry.title for entry in games()}


OUTCOMES = ("Game", "Deals", "Won", "Lost", "Undecided", "Win rate, the undecided lost or won (95%)",
            "Decided (95%)", "Win rate of decided deals (95%)", "Player (95%)")
LADDER = ("Game", "First budget (positions)", "Decided at each rung", "Undecided", "Processor seconds a deal",
          "Digests (solver's code, player's code, spec)")


def _outcomes(summaries, titles) -> nodes.table:
    rows = []
    for summary in summaries:
        lowest, highest = summary.bounds
        decided, decided_low, decided_high = summary.decided
        player, player_low, player_high = summary.player_rate
        rows.append((_name(summary, titles), str(summary.deals), _won(summary), str(summary.lost),
                     f"{summary.unknown} ({_pc(summary.unknown / max(1, summary.deals))})",
                     f"{_pc(lowest)}–{_pc(highest)}", f"{_pc(decided)} ({_pc(decided_low)}–{_pc(decided_high)})",
                     _decided_rate(summary), f"{_pc(player)} ({_pc(player_low)}–{_pc(player_high)})"))
    return _grid(OUTCOMES, rows, "stats-table")


def _ladder(summaries, data, titles) -> nodes.table:
    rows = []
    for summary in summaries:
        stored = data["games"][summary.game]
        rows.append((_name(summary, titles), f"{summary.budget:,}, ×10 a rung",
                     summary.ladder,
                     str(summary.unknown), f"{_seconds(summary.solve_cpu)} + {_seconds(summary.play_cpu)}",
                     f"{stored['solver_code'][:10]}, {stored['player_code'][:10]}, {stored['spec'][:10]}"))
    return _grid(LADDER, rows, "stats-ladder")


def _grid(head, rows, css: str) -> nodes.table:
    table_node = nodes.table(classes=[css])
    group = nodes.tgroup(cols=len(head))
    table_node += group
    group += [nodes.colspec(colwidth=1) for _ in head]
    thead = nodes.thead()
    thead += _line(head)
    group += thead
    body = nodes.tbody()
    for cells in rows:
        body += _line(cells)
    group += body
    return table_node


def _line(cells) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += nodes.paragraph("", cell)
        row += entry
    return row


def _name(summary, titles) -> str:
    return f"{titles.get(summary.game, summary.game)} ({summary.game})"


def _decided_rate(summary) -> str:
    """Given only once the undecided deals are few: until then it says little of the game
    (a solver that proves few losses shows 100% of the decided deals won)."""
    if not summary.undecided_small:
        return "— (too many undecided)"
    rate, low, high = summary.decided_rate
    return f"{_pc(rate)} ({_pc(low)}–{_pc(high)})" if summary.won + summary.lost else "—"


def _won(summary) -> str:
    parts = [f"{count} {how}" for count, how in ((summary.won_by_player, "by the player"),
                                                 (summary.won_found, "by a line found")) if count]
    return f"{summary.won} ({', '.join(parts)})" if parts else str(summary.won)


def _seconds(value: float | None) -> str:
    return f"{value:.2f}" if value is not None else "not recorded"


def _pc(value: float) -> str:
    return f"{100 * value:.1f}%"


def setup(app):
    app.add_directive("stats-table", StatsTableDirective)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
