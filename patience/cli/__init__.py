"""The ``patience`` command.

Each subcommand lives in its own module of this package and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a callable
taking the parsed arguments and returning the exit status. Modules are found
automatically, so a new subcommand is a new module and nothing else; a module
whose name begins with ``_`` is a helper shared by subcommands.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import io
import os
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
    _speak_utf8()
    if sys.stdout is None:  # started with standard output closed (``>&-``)
        sys.stdout = _ClosedOutput()
    parser = build_parser()
    arguments = parser.parse_args(argv)
    try:
        status = arguments.func(arguments) or 0
        sys.stdout.flush()  # a full disk shows here, not in a traceback at exit
        return status
    except (DataFileError, UsageError) as error:
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
