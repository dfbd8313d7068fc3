"""The ``patience`` command.

Each subcommand lives in its own module of this package and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a callable
taking the parsed arguments and returning the exit status. Modules are found
automatically, so a new subcommand is a new module and nothing else; a module
whose name begins with ``_`` is a helper shared by subcommands.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from patience.datafile import DataFileError


class UsageError(Exception):
    """A mistake on the command line that is reported as one line, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="patience",
        description="The edition of «Двадцать четыре основные пасьянса»: text, rules and games.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module_info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    arguments = parser.parse_args(argv)
    try:
        return arguments.func(arguments) or 0
    except (DataFileError, UsageError) as error:
        print(f"patience: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
