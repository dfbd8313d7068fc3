"""``patience.output.write_file``: every file the command line and the build write is written whole
or not at all, keeps the permissions of the file it replaces, and never replaces a link, a
device or a directory."""

from __future__ import annotations

import errno
import os
import stat

import pytest

from patience import output
from patience.output import NotARegularFile, write_file


def test_a_new_file_gets_the_usual_permissions(tmp_path):
    umask = os.umask(0o022)
    try:
        write_file(tmp_path / "new.txt", "ѣ")
    finally:
        os.umask(umask)
    assert (tmp_path / "new.txt").read_text(encoding="utf-8") == "ѣ"
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644


def test_a_replaced_file_keeps_its_permissions_and_nothing_else_is_left(tmp_path):
    target = tmp_path / "kept.txt"
    target.write_bytes(b"old")
    target.chmod(0o640)
    write_file(target, b"new")
    assert target.read_bytes() == b"new" and stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["kept.txt"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "edition.xml"
    target.write_bytes(b"old")

    def full(handle):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(output.os, "fsync", full)
    with pytest.raises(OSError) as caught:
        write_file(target, b"new" * 1000)
    assert (caught.value.errno, caught.value.filename) == (errno.ENOSPC, str(target))  # the target, not the temporary
    assert target.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["edition.xml"]


def test_a_missing_folder_names_the_target(tmp_path):
    with pytest.raises(FileNotFoundError) as caught:
        write_file(tmp_path / "no" / "edition.xml", b"x")
    assert caught.value.filename == str(tmp_path / "no" / "edition.xml")


def test_a_directory_is_refused_even_written_through(tmp_path):
    with pytest.raises(IsADirectoryError):
        write_file(tmp_path, b"x", through=True)


def test_a_link_is_refused_unless_written_through(tmp_path):
    target, link = tmp_path / "target", tmp_path / "link"
    target.write_bytes(b"old")
    link.symlink_to(target)
    with pytest.raises(NotARegularFile, match="is a symbolic link, not a regular file"):
        write_file(link, b"new")
    write_file(link, b"new", through=True)
    assert link.is_symlink() and target.read_bytes() == b"new"


def test_a_dangling_link_written_through_creates_its_target(tmp_path):
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "made")
    write_file(link, b"made", through=True)
    assert (tmp_path / "made").read_bytes() == b"made" and link.is_symlink()
