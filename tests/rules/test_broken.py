"""Broken specs and bad arguments: located, typed warnings and a visible box, never a crash."""

from __future__ import annotations

import subprocess
import sys

from tests.sphinx.helpers import page, warnings_of

from .conftest import edit


def line_of(path, text: str) -> int:
    return path.read_text(encoding="utf-8").splitlines().index(text) + 1


def test_a_failing_claim_is_a_warning_at_its_line_in_the_spec(rules_site, build):
    site = rules_site()
    spec = site / "specs" / "sultan.yaml"
    edit(spec, "check: {kind: layout, area: divan, piles: 8, cards_each: 1}",
         "check: {kind: layout, area: divan, piles: 8, cards_each: 2}")
    app = build(site)
    line = line_of(spec, "  - id: divan-four-a-side")
    assert warnings_of(app) == [
        f"{spec}:{line}: WARNING: claim sultan.divan-four-a-side fails: the engine shows 'deal 0: divan sizes "
        f"[1, 1, 1, 1, 1, 1, 1, 1]'; fix the spec, or mark the claim 'expect: contradicted' with an editorial "
        f"note [rules.claim]"
    ]
    assert "⚠ Fails" in page(app, "sultan")


def test_a_contradiction_that_now_holds_is_a_warning(rules_site, build):
    site = rules_site()
    spec = site / "specs" / "sultan.yaml"
    edit(spec, "check: {kind: passes, total: 2}",
         "check: {kind: passes, total: 2}\n    expect: contradicted\n    note: Said to be wrong, for the test.")
    app = build(site)
    line = line_of(spec, "  - id: talon-played-twice")
    assert warnings_of(app) == [
        f"{spec}:{line}: WARNING: claim sultan.talon-played-twice is marked as contradicted by the engine, but it "
        f"holds: 'autoplayed deals went through the pack at most 2 times' [rules.claim]"
    ]


def test_a_spec_that_does_not_validate_is_located_and_the_page_says_so(rules_site, build):
    site = rules_site()
    spec = site / "specs" / "sultan.yaml"
    edit(spec, "    piles: 8\n    rows: 2\n    plate: {shape: sides", "    piles: eight\n    rows: 2\n    plate: {shape: sides")
    app = build(site)
    line = line_of(spec, "    piles: eight")
    assert warnings_of(app) == [  # once, though the plate, the rules and the example all use it
        f"{spec}:{line}: WARNING: clauses.5.piles: Input should be a valid integer, unable to parse string as an "
        f"integer [rules.spec]",
        f"{spec}:{line}: WARNING: clauses.5.piles: Input should be a valid integer, unable to parse string as an "
        f"integer (so the duplicate, coverage, quotation, number checks could not run) [check.source]",
        f"{site / 'refs.md'}:3: WARNING: no rule clause 'sultan.divan' in the edition [edition.dangling]",
        f"{site / 'refs.md'}:3: WARNING: no rule clause 'sultan.eight-end-with-queens' in the edition [edition.dangling]",
    ]
    sultan = page(app, "sultan")
    assert "The rules of sultan could not be read" in sultan
    assert "No example: the rules of" in sultan


def test_missing_spec_bad_number_and_a_slow_example(rules_site, build):
    site = rules_site()
    (site / "broken.md").write_text(
        "---\norphan: true\n---\n\n# Broken\n\n```{rules} nosuch\n```\n\n```{rules-example} sultan x\n```\n\n"
        "```{rules} calculation:waiting\n```\n",
        encoding="utf-8")
    app = build(site, rules_time_limit=0.000001)
    warnings = warnings_of(app)
    assert (f"{site / 'broken.md'}:7: WARNING: no spec for game 'nosuch' (looked for {site / 'specs' / 'nosuch.yaml'}) "
            "[rules.spec]") in warnings
    assert f"{site / 'broken.md'}:10: WARNING: the deal number must be 0 or more, not 'x' [rules.argument]" in warnings
    assert (f"{site / 'broken.md'}:13: WARNING: rules takes a game (calculation), whose variants it shows; "
            "not calculation:waiting [rules.argument]") in warnings
    line = line_of(site / "sultan.md", "```{rules-example} sultan 1")
    assert (f"{site / 'sultan.md'}:{line}: WARNING: example sultan 1 failed: sultan: play took longer than 1e-06 s "
            "[rules.example]") in warnings
    assert "could not be played: sultan: play took longer than 1e-06 s" in page(app, "sultan")
    assert 'class="rules-example-error admonition error"' in page(app, "sultan")
    assert "rules-replay" not in page(app, "sultan")
    assert any("cannot be run" in w and w.endswith("[rules.claim]") for w in warnings)  # claims share the limit


def test_with_W_a_failing_claim_fails_the_build(rules_site, tmp_path):
    site = rules_site()
    edit(site / "specs" / "calculation.yaml", "check: {kind: piles, area: talon, count: 4}",
         "check: {kind: piles, area: talon, count: 3}")
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-n", "-q", "-b", "html", str(site), str(tmp_path / "w")],
        capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"},
    )
    assert result.returncode != 0
    assert "claim calculation.four-talon-packets fails" in result.stderr
    assert "[rules.claim]" in result.stderr


def test_an_unplayable_spec_has_rules_but_no_plate_or_example(rules_site, build):
    site = rules_site()
    edit(site / "specs" / "sultan.yaml", "status: partial\n", "status: partial\nplayable: false\n")
    app = build(site)
    plate = line_of(site / "sultan.md", "```{rules-plate} sultan")
    example = line_of(site / "sultan.md", "```{rules-example} sultan 1")
    assert warnings_of(app) == [
        f"{site / 'sultan.md'}:{plate}: WARNING: sultan cannot be played (its spec says playable: false), so it has "
        f"no layout to draw [rules.argument]",
        f"{site / 'sultan.md'}:{example}: WARNING: example sultan 1 failed: sultan is not playable (its spec says "
        f"playable: false) [rules.example]",
    ]
    sultan = page(app, "sultan")
    assert 'id="clause-sultan.divan"' in sultan and "No plate: sultan cannot be played" in sultan


def test_a_deal_number_in_digits_int_cannot_read_is_an_argument_warning(rules_site, build):
    site = rules_site()
    (site / "broken.md").write_text("---\norphan: true\n---\n\n# Broken\n\n```{rules-example} sultan ²\n```\n",
                                    encoding="utf-8")
    app = build(site)
    assert f"{site / 'broken.md'}:7: WARNING: the deal number must be 0 or more, not '²' [rules.argument]" \
        in warnings_of(app)


def test_a_claim_a_variant_keeps_is_asked_of_the_variant_too(rules_site, build):
    """The English Sultan no longer drops talon-played-twice: kept, the game's claim fails
    in the variant alone (three passes there), a warning at the claim's line, named for
    the variant; the claims the variant keeps are tallied on its section."""
    site = rules_site()
    spec = site / "specs" / "sultan.yaml"
    edit(spec, "    drop_claims: [talon-played-twice]\n", "")
    app = build(site)
    line = line_of(spec, "  - id: talon-played-twice")
    warnings = warnings_of(app)
    assert len(warnings) == 1 and warnings[0].startswith(
        f"{spec}:{line}: WARNING: claim sultan:english.talon-played-twice fails: the engine shows ")
    assert warnings[0].endswith("[rules.claim]")
    assert "claims above, asked of this variant too: " in page(app, "sultan")


def test_a_claim_failing_in_the_game_and_its_variant_is_one_warning(rules_site, build):
    site = rules_site()
    spec = site / "specs" / "sultan.yaml"
    edit(spec, "check: {kind: layout, area: divan, piles: 8, cards_each: 1}",
         "check: {kind: layout, area: divan, piles: 8, cards_each: 2}")
    found = [w for w in warnings_of(build(site)) if "divan-four-a-side" in w]
    assert len(found) == 1 and "claim sultan.divan-four-a-side fails" in found[0]  # not again for sultan:english
