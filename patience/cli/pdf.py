"""``patience pdf``: the edition as a PDF for print."""

from __future__ import annotations

from patience.cli import UsageError
from patience.cli._output import add_output, export

SUMMARY = "write the edition as a PDF for print"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "pdf", help=SUMMARY,
        description="Write the edition as an A4 PDF: each game's passages in the reading text (old letters), "
                    "modern transcription and English, identifiers in the margin, the game named in the page "
                    "header; its rules in plain language; the notes and the glossary.",
    )
    add_output(parser, "edition.pdf")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.export.fonts import FontError
    from patience.export.pdf import pdf_bytes

    try:
        return export(arguments, "the PDF", pdf_bytes)
    except FontError as error:
        raise UsageError(str(error)) from None
