"""What ``patience tei``, ``epub`` and ``pdf`` share: the ``-o`` option and writing the file.
"""

from __future__ import annotations

from patience.cli import UsageError
from patience.export.output import write_output


def add_output(parser, example: str, stdout: bool = False) -> None:
    where = "; - or nothing for standard output" if stdout else ""
    parser.add_argument("-o", "--output", metavar="FILE", required=not stdout,
                        help=f"the file to write (e.g. {example}){where}")


def write(data: bytes, output: str | None) -> int:
    try:
        write_output(data, output)
    except OSError as error:
        raise UsageError(f"cannot write {output}: {error.strerror}") from None
    return 0
