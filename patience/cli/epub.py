"""``patience epub``: the edition as an EPUB 3 book."""

from __future__ import annotations

from patience.cli._output import add_output, export

SUMMARY = "write the edition as an EPUB book"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "epub", help=SUMMARY,
        description="Write the edition as an EPUB 3 book: each game's passages in the reading text, the "
                    "modern transcription and English, its rules in plain language; the notes and the glossary.",
    )
    add_output(parser, "edition.epub")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.export.epub import epub_bytes

    return export(arguments, "the EPUB book", epub_bytes)
