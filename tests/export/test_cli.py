"""``patience tei``, ``epub`` and ``pdf`` on the command line: the file written, mistakes reported in one line."""

from __future__ import annotations

import pytest

from patience.cli import main


def test_tei_to_standard_output(capsysbinary):
    assert main(["tei"]) == 0
    assert capsysbinary.readouterr().out.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<TEI')


def test_epub_needs_a_file(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["epub"])
    assert exit.value.code == 2 and "-o/--output" in capsys.readouterr().err


def test_an_unwritable_file_is_one_line(tmp_path, capsys):
    assert main(["tei", "-o", str(tmp_path / "no" / "such" / "edition.xml")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("patience: cannot write") and error.count("\n") == 1


def test_written_whole_under_its_name(tmp_path):
    target = tmp_path / "edition.epub"
    assert main(["epub", "-o", str(target)]) == 0
    assert target.read_bytes()[:2] == b"PK" and [p.name for p in tmp_path.iterdir()] == ["edition.epub"]
