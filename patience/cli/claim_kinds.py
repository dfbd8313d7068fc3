"""``patience claim-kinds``: the kinds of claim check a spec may use, with their parameters,
as the Markdown table of ``docs/claim-kinds.md`` (generated from the models)."""

from __future__ import annotations

SUMMARY = "list the kinds of claim check, with their parameters (Markdown)"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "claim-kinds", help=SUMMARY,
        description="Prints every kind of claim check a spec's claims may use, with its parameters, their types "
                    "and defaults, and what the engine is asked, read from the check models: the table of "
                    "docs/claim-kinds.md (`patience claim-kinds > docs/claim-kinds.md` writes it again).",
    )
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.rulespec.describe import check_kinds_table

    print(check_kinds_table(), end="")
    return 0
