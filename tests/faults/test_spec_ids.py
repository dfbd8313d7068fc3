"""D16: clause and claim ids. A repeated id is located at its second use, not at the spec's
``game:`` line (N04–N06), and a variant whose clause id is mistyped no longer adds a second
clause of a kind a game has once (N17)."""

from __future__ import annotations

import pytest

from patience.consistency import check_source
from patience.rulespec.compile import rules_from_file
from patience.rulespec.loading import read_spec
from tests.editing import edit, expect_error, line_of


@pytest.mark.parametrize("case, old, new, first", [
    ("n04", "  - id: talon\n", "  - id: divan\n", "  - id: divan\n"),  # two clauses
    ("n05", "  - id: talon-played-twice\n", "  - id: talon-shuffled\n", "  - id: talon-shuffled\n"),  # two claims
    ("n06", "  - id: talon-shuffled\n", "  - id: divan\n", "  - id: divan\n"),  # a claim named as a clause
])
def test_d16_a_repeated_id_is_located_at_its_second_use(case, old, new, first, specs_copy):
    spec = specs_copy / "sultan.yaml"
    line = line_of(spec, old.strip())
    edit(spec, old, new)
    ident = new.strip().removeprefix("- id: ")
    expect_error(lambda: read_spec(spec), spec, line,
                 rf"^clause or claim id '{ident}' is used twice \(first at line {line_of(spec, first.strip())}\)$")


def mistype_the_variants_redeal(spec) -> int:
    edit(spec, "      - id: redeal\n        kind: redeal\n", "      - id: redealz\n        kind: redeal\n")
    return line_of(spec, "- id: redealz")


def test_d16_n17_a_mistyped_variant_clause_id_is_a_located_error(specs_copy):
    spec = specs_copy / "sultan.yaml"
    line = mistype_the_variants_redeal(spec)
    expect_error(lambda: rules_from_file(spec, "english"), spec, line,
                 r"^clause 'redealz': the redeal is already given by clause 'redeal' \(a variant replaces a clause "
                 r"by using its id\)$")


def test_d16_n17_check_finds_the_mistyped_variant_clause(source_copy, specs_copy):
    spec = specs_copy / "sultan.yaml"
    line = mistype_the_variants_redeal(spec)
    findings = [(f.path, f.line) for f in check_source(source_copy, specs_copy, ["claim"]) if "redealz" in f.message]
    assert findings == [(str(spec), line)]
