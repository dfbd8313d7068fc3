"""D5, D11, D12: what ``patience tei|epub|pdf -o`` and standard output do with a target that is
not a plain new or regular file. Nothing is replaced that is not a regular file (O2, O2b), a
link planted at a temporary name catches nothing (O2c), and a closed standard output or an
empty file name is one line, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from patience.cli import main

TEI_START = b'<?xml version="1.0" encoding="UTF-8"?>\n<TEI'


def run(*arguments: str, shell_suffix: str = "") -> subprocess.CompletedProcess:
    command = " ".join([f"'{sys.executable}'", "-m", "patience", *(f"'{a}'" for a in arguments)]) + shell_suffix
    return subprocess.run(["sh", "-c", command], capture_output=True, text=True)


@pytest.mark.parametrize("command", ["tei", "epub", "pdf"])  # O2, O10, O14
def test_d5_o2_a_named_pipe_is_refused_not_replaced(command, tmp_path, capsys):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    assert main([command, "-o", str(pipe)]) == 2
    assert capsys.readouterr().err == (f"patience: cannot write {pipe}: it is a named pipe, not a regular file; "
                                       "--write-through writes through it\n")
    assert pipe.is_fifo() and sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_d5_o2_a_device_is_refused_not_replaced(tmp_path, capsys):
    device = tmp_path / "null"
    os.mknod(device, 0o666 | 0o020000, os.makedev(1, 3))  # a copy of /dev/null's node, in a scratch folder
    assert main(["epub", "-o", str(device)]) == 2
    assert "it is a character device, not a regular file" in capsys.readouterr().err
    assert device.is_char_device()


def test_d5_o2_write_through_writes_into_a_pipe(tmp_path):
    pipe, received = tmp_path / "pipe", tmp_path / "received.xml"
    os.mkfifo(pipe)
    with received.open("wb") as sink:
        reader = subprocess.Popen(["cat", str(pipe)], stdout=sink)  # reads the pipe as it is written
        try:
            assert main(["tei", "-o", str(pipe), "--write-through"]) == 0
            assert reader.wait(timeout=60) == 0
        finally:
            reader.kill()  # never left waiting for a writer
    assert received.read_bytes().startswith(TEI_START) and pipe.is_fifo()


def test_d5_o2b_a_symbolic_link_is_refused_or_written_through(tmp_path, capsys):
    target, link = tmp_path / "target.xml", tmp_path / "link.xml"
    target.write_text("orig", encoding="utf-8")
    link.symlink_to(target.name)
    assert main(["tei", "-o", str(link)]) == 2
    assert "it is a symbolic link, not a regular file" in capsys.readouterr().err
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "orig"
    assert main(["tei", "-o", str(link), "--write-through"]) == 0
    assert link.is_symlink() and target.read_bytes().startswith(TEI_START)


def test_d5_o2c_a_link_planted_at_the_old_temporary_name_catches_nothing(tmp_path):
    victim, planted = tmp_path / "victim.txt", tmp_path / ".edition.xml.partial"
    victim.write_text("victim", encoding="utf-8")
    planted.symlink_to(victim.name)
    assert main(["tei", "-o", str(tmp_path / "edition.xml")]) == 0
    assert victim.read_text(encoding="utf-8") == "victim"
    written = tmp_path / "edition.xml"
    assert not written.is_symlink() and written.read_bytes().startswith(TEI_START)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".edition.xml.partial", "edition.xml", "victim.txt"]


def test_d12_o6_an_empty_file_name_is_an_argument_error(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["tei", "-o", ""])
    error = capsys.readouterr().err
    assert exit.value.code == 2 and "Traceback" not in error
    assert error.splitlines()[-1] == "patience tei: error: argument -o/--output: a file name, or - for standard output, not ''"


def test_d11_case_45_a_closed_standard_output_is_one_line():
    result = run("text", shell_suffix=" >&-")
    assert (result.returncode, result.stderr) == (1, "patience: cannot write the output: standard output is closed\n")


def test_d11_an_export_to_a_closed_standard_output_is_one_line():
    result = run("tei", shell_suffix=" >&-")
    assert (result.returncode, result.stderr) == (1, "patience: cannot write the output: standard output is closed\n")
