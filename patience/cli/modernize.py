"""``patience modernize``: pre-reform text on standard input, modern text on standard output."""

from __future__ import annotations

import json
import sys

from patience.cli import UsageError

SUMMARY = "convert pre-reform Russian on stdin to modern spelling (the 1917–18 reform)"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "modernize",
        help=SUMMARY,
        description="Reads pre-reform Russian on standard input and writes it in modern "
        "spelling. ё is not restored; the usage-* rules go beyond the reform "
        "(see docs/modern-transcription.md).",
    )
    how = parser.add_mutually_exclusive_group()
    how.add_argument(
        "--explain", action="store_true",
        help="after the text, list every change: offset, original → modern, rules",
    )
    how.add_argument("--json", action="store_true", help="the text and every change, as JSON")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.orthography import modernize

    stream = getattr(sys.stdin, "buffer", None)  # the bytes, so that their encoding can be checked
    conversion = modernize(read_text(stream.read() if stream else sys.stdin.read().encode()))
    if arguments.json:
        print(json.dumps(conversion.to_json(), ensure_ascii=False, indent=2))
        return 0
    sys.stdout.write(conversion.text)
    if arguments.explain:
        if not conversion.text.endswith("\n"):
            sys.stdout.write("\n")
        print(f"--- {len(conversion.changes)} changes")
        for change in conversion.changes:
            print(f"{change.start}\t{change.original} → {change.regularised}\t{', '.join(change.rules)}")
    return 0


def read_text(data: bytes) -> str:
    """Standard input as text: UTF-8, and no NUL byte; anything else is a located usage error."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise UsageError(f"standard input is not UTF-8 text: line {line}, byte {error.start} "
                         f"({data[error.start:error.start + 1]!r}): convert it first, e.g. with iconv -f cp1251") from None
    if "\0" in text:
        line = text[: text.index("\0")].count("\n") + 1
        raise UsageError(f"standard input is binary, not text: a NUL byte on line {line}")
    return text
