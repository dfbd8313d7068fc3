"""D2: the build never skips a check in silence. A file a check needs that cannot be read is a
located ``check.source`` warning, and a bad excuse is a ``check.number`` warning, so ``-W``
fails where the build of 47c25cd passed with no warning (N41, X3, X1, X4)."""

from __future__ import annotations

from tests.editing import edit, line_of
from tests.sphinx.helpers import warnings_of


def checks_of(app) -> list[str]:
    return [w for w in warnings_of(app) if "[check." in w]


def test_d2_n41_x3_x1_unreadable_check_inputs_and_a_bad_excuse_are_warnings(site, build, source_copy):
    tokens, allowlist = source_copy / "checked_tokens.yaml", source_copy / "modern" / "allowlist.yaml"
    tokens.write_text("", encoding="utf-8")  # N41
    edit(allowlist, "  - word: Нивернез\n", "  - word: [Нивернез\n")  # X3
    spec = site / "specs" / "calculation.yaml"
    edit(spec, "  - passage: calculation.game.2\n    value: 11\n", "  - passage: calculation.game.99\n    value: 11\n")  # X1
    warnings = checks_of(build(site, source_copy))
    assert f"{tokens}:1: WARNING: the file is empty (it should hold checked) (so the corrections check could not run) " \
           "[check.source]" in warnings
    assert any(w.startswith(f"{allowlist}:") and ": WARNING: YAML syntax: " in w
               and w.endswith("(so the modern check could not run) [check.source]") for w in warnings), warnings
    assert f"{spec}:{line_of(spec, 'calculation.game.99')}: WARNING: calculation: numbers: the excuse of 11 names " \
           "passage calculation.game.99, which does not exist [check.number]" in warnings


def test_d2_x4_a_yaml_error_in_checked_tokens_is_a_warning(site, build, source_copy):
    tokens = source_copy / "checked_tokens.yaml"
    edit(tokens, "  - passage: sultan.end.2\n", "  - passage: [sultan.end.2\n")
    warnings = checks_of(build(site, source_copy))
    assert len(warnings) == 1, warnings
    assert warnings[0].startswith(f"{tokens}:{line_of(tokens, '[sultan.end.2') + 1}: WARNING: YAML syntax: ")
    assert warnings[0].endswith("(so the corrections check could not run) [check.source]")
