"""D19: the small inconsistencies. ``glossary --check`` agrees with ``patience check`` (G1b) and
honours ``--json`` (case 46); ``--jobs 0`` is refused; a data file that is not UTF-8 or is empty
is located at a line (N19, N21, N45); a standalone ъ survives ``modernize`` (case 34); ``cite``
takes a range typed with spaces (case 20); the package's ``py.typed`` exists."""

from __future__ import annotations

import io
import json
from pathlib import Path

import patience
from patience.cli import main
from patience.rulespec.loading import read_spec
from patience.text import load_edition
from tests.editing import expect_error, line_of


def repeat_a_term(source: Path) -> Path:
    """G1b: the glossary's term «колода» copied under a new id."""
    path = source / "glossary.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: pack\n")
    end = text.index("\n  - id: ", start + 1) + 1
    path.write_text(text + text[start:end].replace("id: pack", "id: deck"), encoding="utf-8")
    return path


def test_d19_g1b_glossary_check_finds_a_repeated_term(source_copy, monkeypatch, capsys):
    path = repeat_a_term(source_copy)
    monkeypatch.setenv("PATIENCE_SOURCE_TEXTS", str(source_copy))
    assert main(["glossary", "--check"]) == 1
    out = capsys.readouterr()
    assert out.err == (f"{path}:{line_of(path, 'id: deck')}: term deck repeats term pack («колода», 'pack')\n")
    assert out.out.endswith(" terms, 1 inconsistencies\n")


def test_d19_case_46_glossary_check_honours_json(source_copy, monkeypatch, capsys):
    path = repeat_a_term(source_copy)
    monkeypatch.setenv("PATIENCE_SOURCE_TEXTS", str(source_copy))
    assert main(["glossary", "--check", "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["findings"] == [{"path": str(path), "line": line_of(path, "id: deck"), "kind": "glossary",
                                   "message": "term deck repeats term pack («колода», 'pack')"}]


def test_d19_jobs_0_is_refused(monkeypatch, capsys):
    from patience.claims import scoring

    monkeypatch.setattr(scoring, "score_games", lambda *a, **k: (_ for _ in ()).throw(AssertionError("it ran")))
    assert main(["check", "--mutations", "sultan", "--jobs", "0"]) == 2
    assert capsys.readouterr().err == "patience: check: --jobs must be 1 or more\n"


def test_d19_n19_a_spec_that_is_not_utf8_is_located_at_the_bad_byte(specs_copy):
    spec = specs_copy / "sultan.yaml"
    text = spec.read_text(encoding="utf-8")
    spec.write_bytes(text.encode("cp1251", errors="replace"))
    first_cyrillic = next(n for n, line in enumerate(text.splitlines(), 1) if any("а" <= c <= "я" for c in line.lower()))
    expect_error(lambda: read_spec(spec), spec, first_cyrillic, r"^is not UTF-8 \(byte \d+: invalid")


def test_d19_n21_an_empty_spec_is_located_at_line_1(specs_copy):
    spec = specs_copy / "sultan.yaml"
    spec.write_text("", encoding="utf-8")
    expect_error(lambda: read_spec(spec), spec, 1, r"^the file is empty \(it should hold game, title, status …\)$")


def test_d19_n45_an_empty_segmentation_file_is_located_at_line_1(source_copy):
    path = source_copy / "segmentation" / "003.yaml"
    path.write_text("", encoding="utf-8")
    expect_error(lambda: load_edition(source_copy), path, 1, r"^the file is empty \(it should hold witness, passages\)$")


def test_d19_case_34_a_standalone_hard_sign_is_kept(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO("Ъ ЪЪ ъ. Съ картъ\n".encode()), encoding="utf-8"))
    assert main(["modernize"]) == 0
    assert capsys.readouterr().out == "Ъ ЪЪ ъ. С карт\n"


def test_d19_case_20_a_range_typed_with_spaces(capsys):
    assert main(["cite", "sultan.end.1 - sultan.end.3"]) == 0
    assert "“Sultan, passages sultan.end.1–sultan.end.3”" in capsys.readouterr().out


def test_d19_py_typed_is_in_the_package():
    assert (Path(patience.__file__).parent / "py.typed").is_file()
