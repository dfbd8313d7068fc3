"""``patience modernize``: pre-reform text on standard input, modern text on standard output."""

from __future__ import annotations

import json
import sys

from patience.orthography import modernize


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "modernize",
        help="convert pre-reform Russian on stdin to modern spelling (the 1917–18 reform)",
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
    conversion = modernize(sys.stdin.read())
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
