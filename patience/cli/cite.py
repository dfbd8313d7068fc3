"""``patience cite ID``: the suggested citation of a passage or a range of passages.

The same text as the "cite" panel on the site (both come from
:mod:`patience.citation`, and both read the edition's base URL, version and
release date from ``source_texts/edition.yaml``). ``ID`` is a passage identifier
(``sultan.end.2``) or a range ``FIRST-LAST`` in book order
(``sultan.end.1-sultan.end.3``).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from patience.cli import UsageError

if TYPE_CHECKING:
    import datetime

SUMMARY = "print the suggested citation of a passage or a range of passages"


def register(subparsers) -> None:
    from patience import citation

    parser = subparsers.add_parser(
        "cite",
        help=SUMMARY,
        description="Prints the citation of a passage (sultan.end.2) or a range (sultan.end.1-sultan.end.3) "
        "as the site's cite panel gives it.",
    )
    parser.add_argument("reference", metavar="ID", help="a passage identifier, or FIRST-LAST")
    parser.add_argument("--format", choices=citation.FORMATS, default="text", help="default: text")
    parser.add_argument("--accessed", type=_day, metavar="YYYY-MM-DD",
                        help="the day the edition was read (default: today)")
    parser.set_defaults(func=run)


def _day(text: str) -> datetime.date:
    import datetime

    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date YYYY-MM-DD") from None


def run(arguments) -> int:
    from patience import citation
    from patience.datafile import DataFileError
    from patience.text import load_edition

    try:
        edition = load_edition()
        cite = citation.citation(edition, arguments.reference, accessed=arguments.accessed)
    except (citation.CitationError, DataFileError) as error:
        raise UsageError(str(error)) from None
    print(citation.render(cite, arguments.format))
    return 0
