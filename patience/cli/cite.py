"""``patience cite ID``: the suggested citation of a passage or a range of passages.

The same text as the "cite" panel on the site (both come from
:mod:`patience.citation`). ``ID`` is a passage identifier (``sultan.end.2``) or a
range ``FIRST-LAST`` in book order (``sultan.end.1-sultan.end.3``).
"""

from __future__ import annotations

import os

from patience import citation
from patience.cli import UsageError
from patience.text import load_edition


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "cite",
        help="print the suggested citation of a passage or a range of passages",
        description="Prints the citation of a passage (sultan.end.2) or a range (sultan.end.1-sultan.end.3) "
        "as the site's cite panel gives it.",
    )
    parser.add_argument("reference", metavar="ID", help="a passage identifier, or FIRST-LAST")
    parser.add_argument("--format", choices=citation.FORMATS, default="text", help="default: text")
    parser.add_argument(
        "--base-url",
        default=os.environ.get("PATIENCE_BASE_URL", ""),
        help="where the site is published (default: $PATIENCE_BASE_URL; without it the URL is relative to the site's root)",
    )
    parser.set_defaults(func=run)


def run(arguments) -> int:
    base = arguments.base_url
    if base and not base.endswith("/"):
        base += "/"
    try:
        cite = citation.citation(load_edition(), arguments.reference, base)
    except citation.CitationError as error:
        raise UsageError(str(error)) from None
    print(citation.render(cite, arguments.format))
    return 0
