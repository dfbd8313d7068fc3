"""The build reports the findings of ``patience check`` as ``check.<kind>`` warnings, located
in the data file, so that ``-W`` fails on them."""

from __future__ import annotations

import shutil

from tests.sphinx.helpers import warnings_of

from .conftest import edit


def test_a_quotation_in_no_passage_is_a_located_warning(rules_site, build):
    site = rules_site()
    spec = site / "specs" / "sultan.yaml"
    edit(spec, "quote: восемь королей", "quote: девять королей")
    app = build(site)
    line = next(i for i, text in enumerate(spec.read_text(encoding="utf-8").splitlines(), 1) if "- id: packs" in text)
    assert [w for w in warnings_of(app) if "check." in w] == [
        f"{spec}:{line}: WARNING: sultan: packs: quote 'девять королей' is not in sultan.end.1 [check.quotation]"]


def test_two_specs_of_one_game_are_a_warning(rules_site, build):
    site = rules_site()
    shutil.copy(site / "specs" / "sultan.yaml", site / "specs" / "another.yaml")
    app = build(site)
    assert f"{site / 'specs' / 'sultan.yaml'}:3: WARNING: game 'sultan' is already defined in another.yaml " \
           "[check.duplicate]" in warnings_of(app)


def test_a_script_tag_in_a_spec_string_stays_inside_the_replay_data(rules_site, build):
    site = rules_site()
    edit(site / "specs" / "sultan.yaml", "label_ru: диванъ", "label_ru: диванъ <!--<script>")
    app = build(site)
    page = (app.outdir / "sultan.html").read_text(encoding="utf-8")
    start = page.index('class="rules-replay-data">')
    data = page[start : page.index("</script>", start)]
    assert "<" not in data.removeprefix('class="rules-replay-data">') and "\\u003c!--\\u003cscript\\u003e" in data
    assert page.count("<!--") == page.count("-->")  # no comment left open to swallow the page
    assert "Piles are named as in the book" in page[start:]
