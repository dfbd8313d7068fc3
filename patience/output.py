"""Writing a file whole or not at all, and never through something planted at its name.

Every file the command line or the build writes goes through :func:`write_file`. The data
go to a temporary file created exclusively beside the target (a fresh random name, opened
with ``O_EXCL`` and ``O_NOFOLLOW``, so no link planted at a predictable name can catch
them), reach the disk, and are renamed over the target: an interrupted or failed write
leaves the old file, or none, never half of one, and its temporary file is removed.

A target that exists and is not a regular file (a directory, a symbolic link, a device, a
pipe) is refused with :class:`NotARegularFile`, since renaming over it would destroy it
(``/dev/null``, run as root) or the link. With ``through=True`` the caller says it means
it: a link is followed and its target written, a device or pipe is written into directly.
A directory is always refused.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path

KINDS = {stat.S_IFLNK: "a symbolic link", stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
         stat.S_IFIFO: "a named pipe", stat.S_IFSOCK: "a socket"}


class NotARegularFile(OSError):
    """The target exists and is a link, a device, a pipe or a socket: it is not replaced."""


def write_file(path: Path | str, data: bytes | str, *, through: bool = False) -> None:
    """Write ``data`` (text is written as UTF-8) to ``path``, atomically.

    Raises :class:`OSError` naming ``path`` (not the temporary file) when the directory is
    missing or not writable, the disk is full, or the target is a directory, and
    :class:`NotARegularFile` for a link or a device unless ``through`` is set.
    """
    content = data.encode("utf-8") if isinstance(data, str) else data
    target = Path(path)
    if not target.name:
        raise OSError(errno.EINVAL, "no file name given", str(path))
    mode = _kind_of(target, through)
    if through and mode is not None and stat.S_ISLNK(mode):
        target = Path(os.path.realpath(target))
        mode = _kind_of(target, through)
    try:
        if mode is not None and not stat.S_ISREG(mode):
            _write_into(target, content)
        else:
            _replace(target, content, stat.S_IMODE(mode) if mode is not None else None)
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(path)) from None


def _kind_of(target: Path, through: bool) -> int | None:
    """The target's file mode (``None`` if nothing is there); refuse what must not be replaced."""
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return None
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
    if not stat.S_ISREG(mode) and not through:
        kind = KINDS.get(stat.S_IFMT(mode), "not a regular file")
        raise NotARegularFile(errno.EEXIST, f"is {kind}, not a regular file", str(target))
    return mode


def _replace(target: Path, content: bytes, mode: int | None) -> None:
    """The temporary file beside ``target``, then the rename; the temporary file never outlives a failure."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    while True:
        temporary = target.with_name(f".{target.name}.{secrets.token_hex(8)}.tmp")
        try:
            handle = os.open(temporary, flags, 0o666 if mode is None else mode)
            break
        except FileExistsError:  # another writer's name: draw again
            continue
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())
            if mode is not None:
                os.fchmod(stream.fileno(), mode)  # the file replaced keeps its permissions, whatever the umask
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _write_into(target: Path, content: bytes) -> None:
    """A device or a pipe the caller asked for: written into as it is, never created or replaced."""
    handle = os.open(target, os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(handle, "wb") as stream:
        stream.write(content)
