"""``patience tei``: the whole edition as one TEI P5 document."""

from __future__ import annotations

from patience.cli._output import add_output, export

SUMMARY = "write the edition as one TEI P5 document"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "tei", help=SUMMARY,
        description="Write the edition as one TEI P5 document: header, the reading text with its "
                    "corrections, the modern transcription and the English, by passage identifier.",
    )
    add_output(parser, "edition.xml", stdout=True)
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.export.tei import tei_bytes

    return export(arguments, "the TEI document", tei_bytes)
