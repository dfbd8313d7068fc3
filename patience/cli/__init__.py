"""The ``patience`` command.

Each subcommand lives in its own module of this package and exposes ``SUMMARY``, its
one line in ``patience --help``, and ``register(subparsers)``, which adds its parser and
sets ``func`` to a callable taking the parsed arguments and returning the exit status.
Modules are found automatically, so a new subcommand is a new module and nothing else;
a module whose name begins with ``_`` is a helper shared by subcommands.

A command starts in a fraction of a second because it imports only what it uses: only
the module of the command given is imported and its options set up (options whose help
names a figure of the solver or the kinds of check import them), and its work imports the
rest when it runs. The modules of this package import the standard library alone at their
top, so that ``patience --help`` can list every command by its ``SUMMARY``.
``tests/test_startup.py`` holds ``games``, ``deal`` and ``cite`` to it.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import io
import os
import sys


class UsageError(Exception):
    """A mistake on the command line that is reported as one line, exit status 2."""


def commands() -> list[str]:
    """The subcommands' names: the modules of this package, found without importing them
    (a listing of its folder: :mod:`pkgutil` would import :mod:`inspect` to do it)."""
    names = (name.removesuffix(".py") for name in os.listdir(os.path.dirname(__file__)) if name.endswith(".py"))
    return sorted(name.replace("_", "-") for name in names if not name.startswith("_"))  # claim_kinds: claim-kinds


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line: every subcommand with its options (the reference page renders this).
    Given the ``command`` a run names, that subcommand alone, no other's module imported;
    given a word that names none, every subcommand by its name and summary only, which is all
    that ``patience --help`` and the error of an unknown command show."""
    parser = argparse.ArgumentParser(
        prog="patience",
        description="The edition of «Двадцать четыре основные пасьянса»: text, rules and games.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    names = commands()
    for name in [command] if command in names else names:
        module = importlib.import_module(f"{__name__}.{name.replace('-', '_')}")
        if command in (None, name):
            module.register(subparsers)
        else:
            subparsers.add_parser(name, help=module.SUMMARY)
    return parser


def main(argv: list[str] | None = None) -> int:
    _speak_utf8()
    if sys.stdout is None:  # started with standard output closed (``>&-``)
        sys.stdout = _ClosedOutput()
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(words[0] if words else "")  # the command is the first word: no option goes before it
    arguments = parser.parse_args(argv)
    try:
        status = arguments.func(arguments) or 0
        sys.stdout.flush()  # a full disk shows here, not in a traceback at exit
        return status
    except _user_mistakes() as error:
        print(f"patience: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _drop_stdout()
        return 0
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130  # as a shell reports a command stopped by Ctrl-C
    except OSError as error:
        if error.errno not in (errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EBADF):
            raise
        _drop_stdout()
        print(f"patience: cannot write the output: {error.strerror}", file=sys.stderr)
        return 1


def _user_mistakes() -> tuple[type[Exception], ...]:
    """What is reported in one line: a usage error, or a data file's located error when the
    module that defines it was imported (only then can one have been raised: ``patience
    games`` never imports it, nor pydantic with it)."""
    datafile = sys.modules.get("patience.datafile")
    return (UsageError, datafile.DataFileError) if datafile else (UsageError,)


def _speak_utf8() -> None:
    """The edition is Russian: write UTF-8 whatever the locale says (a Latin-1 or ASCII locale would
    otherwise turn the first Cyrillic letter into a traceback)."""
    for stream in (sys.stdout, sys.stderr):
        if (getattr(stream, "encoding", None) or "").lower().replace("-", "") != "utf8" and hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")


class _ClosedOutput(io.TextIOBase):
    """Standard output that was closed before the command started: what is written to it
    (text, or bytes through ``buffer``) is the one-line error, not a traceback or a silent loss."""

    def write(self, text) -> int:
        raise OSError(errno.EBADF, "standard output is closed")

    @property
    def buffer(self):
        return self


def _drop_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # not a real file (a test's captured output): nothing to flush
        pass


if __name__ == "__main__":
    sys.exit(main())
