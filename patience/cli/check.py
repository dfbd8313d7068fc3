"""``patience check``: every consistency check of the edition, each finding located."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from patience.checks import KINDS, Finding, check_source


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "check", help="run every consistency check of the edition (exit 1 on any finding)",
        description="Checks the text, its layers and the game specs against each other: "
        "quotations, stated numbers, claims, coverage, corrections, the modern layer, the glossary, "
        "duplicate ids. Each finding is printed as FILE:LINE: what is wrong.",
    )
    parser.add_argument("--kind", action="append", choices=KINDS, metavar="KIND",
                        help=f"only this kind of check (repeatable): {', '.join(KINDS)}")
    parser.add_argument("--json", action="store_true", help="the findings as JSON")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    findings = check_source(kinds=arguments.kind or KINDS)
    if arguments.json:
        print(json.dumps({"findings": [f.to_json() for f in findings]}, ensure_ascii=False, indent=2))
    else:
        for finding in findings:
            print(_shown(finding))
        print(f"{len(findings)} finding{'' if len(findings) == 1 else 's'}", file=sys.stderr)
    return 1 if findings else 0


def _shown(finding: Finding) -> str:
    """The finding with its path relative to the working directory when it lies below it."""
    path = Path(finding.path)
    try:
        path = path.relative_to(Path.cwd())
    except ValueError:
        pass
    return str(Finding(str(path), finding.line, finding.kind, finding.message))
