"""``patience-cli``: the reference of the ``patience`` command, read from its own parser.

The page never restates an option by hand; it renders the help of every subcommand as
argparse prints it, so documentation and command cannot drift apart.
"""

from __future__ import annotations

import argparse
import functools

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from patience.cli import build_parser

WIDTH = 88  # argparse would follow the terminal ($COLUMNS): the page must not change with it


class PatienceCliDirective(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        parser = fixed_width_parser()
        self.env.note_dependency(__file__)
        result: list[nodes.Node] = [nodes.literal_block(text=parser.format_help(), language="text")]
        for name, subparser in sorted(_subparsers(parser).items()):
            section = nodes.section(ids=[f"command-{name}"], names=[f"patience {name}"])
            section += nodes.title(text=f"patience {name}")
            if subparser.description:
                section += nodes.paragraph(text=subparser.description)
            section += nodes.literal_block(text=subparser.format_help(), language="text")
            result.append(section)
        return result


def fixed_width_parser() -> argparse.ArgumentParser:
    """The command's parser, formatting its help at :data:`WIDTH` columns whatever the terminal."""
    parser = build_parser()
    for each in (parser, *_subparsers(parser).values()):
        formatter = each.formatter_class
        if not (isinstance(formatter, type) and issubclass(formatter, argparse.HelpFormatter)):
            raise TypeError(f"{each.prog}: its help formatter {formatter!r} is not an argparse.HelpFormatter")
        each.formatter_class = functools.partial(formatter, width=WIDTH)
    return parser


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def setup(app: Sphinx) -> dict:
    app.add_directive("patience-cli", PatienceCliDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
