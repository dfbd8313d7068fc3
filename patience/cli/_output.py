"""What ``patience tei``, ``epub`` and ``pdf`` share: the ``-o`` option, making the file from
the edition (a line on a terminal shows it at work) and writing it.

The file is written by :func:`patience.output.write_file`: whole or not at all, and never over
a link, a device or a pipe unless ``--write-through`` says so.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from patience.cli import UsageError


def add_output(parser, example: str, stdout: bool = False) -> None:
    where = "; - or nothing for standard output" if stdout else "; - for standard output"
    parser.add_argument("-o", "--output", metavar="FILE", required=not stdout, type=_file_name,
                        help=f"the file to write (e.g. {example}){where}")
    parser.add_argument("--write-through", action="store_true",
                        help="FILE may be a symbolic link, a device or a pipe: write through it "
                             "(otherwise only a regular file is replaced)")


def _file_name(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError("a file name, or - for standard output, not ''")
    return text


def export(arguments, what: str, make: Callable[..., bytes]) -> int:
    """``make(corpus)``, the bytes of ``what`` (``the EPUB book``), written to ``arguments.output``."""
    from patience.corpus import load_corpus
    from patience.progress import Progress

    with Progress(f"making {what}"):
        data = make(load_corpus())
    return write(data, arguments)


def write(data: bytes, arguments) -> int:
    """``data`` to ``arguments.output`` (standard output for ``-`` or nothing)."""
    from patience.output import NotARegularFile, write_file

    output = arguments.output
    if output in (None, "-"):
        sys.stdout.buffer.write(data)  # a closed or full stream is the command's one-line error
        return 0
    try:
        write_file(output, data, through=arguments.write_through)
    except NotARegularFile as error:
        raise UsageError(f"cannot write {output}: it {error.strerror}; --write-through writes through it") from None
    except OSError as error:
        raise UsageError(f"cannot write {output}: {error.strerror}") from None
    return 0
