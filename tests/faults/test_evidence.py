"""D3: the evidence of ``departures.yaml`` and ``games.yaml`` is checked like a spec's quotations:
the Russian words a departure quotes are in its passages, every clause and variant it names is
in the specs, every title's source passage exists (N26, N28, N31, N56), by ``patience check``
and by the build."""

from __future__ import annotations

from patience.consistency import check_source
from tests.editing import edit, line_of
from tests.sphinx.helpers import warnings_of

# The variant a departure names, and the readings it plays (which must name it too).
VARIANT = '    variant: sultan:english\n    played: {russian: sultan, english: "sultan:english"}\n'


def found(source, specs, kind):
    return [(f.path, f.line, f.message) for f in check_source(source, specs, [kind]) if f.kind == kind]


def test_d3_n28_words_ru_not_in_the_passage(source_copy, specs_copy):
    path = source_copy / "departures.yaml"
    edit(path, "    words_ru: играютъ вторично\n", "    words_ru: играютъ трижды\n")
    assert found(source_copy, specs_copy, "departures") == [
        (str(path), line_of(path, "- id: sultan.redeals"),
         "sultan.redeals: words_ru «играютъ трижды» are not in sultan.end.3")]


def test_d3_n26_a_clause_the_spec_lacks(source_copy, specs_copy):
    path = source_copy / "departures.yaml"
    edit(path, "    clauses: [sultan.redeal]\n    variant: sultan:english\n",
         "    clauses: [sultan.nosuch]\n    variant: sultan:english\n")
    assert found(source_copy, specs_copy, "departures") == [
        (str(path), line_of(path, "- id: sultan.redeals"), "sultan.redeals: no clause 'nosuch' in sultan")]


def test_d3_n31_a_variant_the_specs_lack(source_copy, specs_copy):
    path = source_copy / "departures.yaml"
    edit(path, VARIANT, VARIANT.replace("sultan:english", "sultan:nosuch"))
    assert found(source_copy, specs_copy, "departures") == [
        (str(path), line_of(path, "- id: sultan.redeals"), "sultan.redeals: no variant 'sultan:nosuch' in the specs")]


def test_d3_n56_a_title_source_that_is_no_passage(source_copy, specs_copy):
    path = source_copy / "games.yaml"
    edit(path, "    title_source: sultan.plate\n", "    title_source: sultan.plate9\n")
    assert found(source_copy, specs_copy, "title") == [
        (str(path), line_of(path, "- id: sultan"), "game sultan: title_source sultan.plate9 is not a passage")]


def test_d3_a_title_source_that_does_not_hold_the_title(source_copy, specs_copy):
    path = source_copy / "games.yaml"
    edit(path, "    title_source: sultan.plate\n", "    title_source: sultan.end.1\n")
    (finding,) = found(source_copy, specs_copy, "title")
    assert finding[:2] == (str(path), line_of(path, "- id: sultan"))
    assert finding[2].startswith("game sultan: the title «Султанъ» is not in sultan.end.1 (")


def test_d3_the_build_warns_of_the_departures_and_titles(site, build, source_copy):
    departures, games = source_copy / "departures.yaml", source_copy / "games.yaml"
    edit(departures, "    words_ru: играютъ вторично\n    words_en: re-dealt, if necessary, twice\n",
         "    words_ru: играютъ трижды\n    words_en: re-dealt, if necessary, twice\n")
    edit(departures, VARIANT, VARIANT.replace("sultan:english", "sultan:nosuch"))
    edit(games, "    title_source: sultan.plate\n", "    title_source: sultan.plate9\n")
    app = build(site, source_copy, edition_checks=["departures", "title"])
    line = line_of(departures, "- id: sultan.redeals")
    assert sorted(w for w in warnings_of(app) if "[check." in w) == [
        f"{departures}:{line}: WARNING: sultan.redeals: no variant 'sultan:nosuch' in the specs [check.departures]",
        f"{departures}:{line}: WARNING: sultan.redeals: words_ru «играютъ трижды» are not in sultan.end.3 "
        "[check.departures]",
        f"{games}:{line_of(games, '- id: sultan')}: WARNING: game sultan: title_source sultan.plate9 is not a passage "
        "[check.title]",
    ]
