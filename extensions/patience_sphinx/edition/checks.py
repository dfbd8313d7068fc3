"""The edition's consistency checks (:mod:`patience.checks`), run once per build.

Each finding is a warning typed ``check.<kind>`` located in the data file
(``patience/specs/sultan.yaml:40``), so ``-W`` fails on what ``patience check``
reports. Three kinds are left to the pages, which already warn of them: ``source``
(a layer that cannot be read: ``edition.layer``), ``claim`` (``rules.claim``) and
``statistics`` (the statistics page, which publishes the table).
"""

from __future__ import annotations

from patience import checks

from .._logging import file_location
from .._logging import warn_check as warn
from .source import corpus_for

BUILD_KINDS = [kind for kind in checks.KINDS if kind not in ("source", "claim", "statistics")]


def check_consistency(app, env) -> None:
    kinds = [kind for kind in env.config.edition_checks if kind in checks.KINDS]
    if not kinds:
        return
    corpus = corpus_for(env)
    if corpus is None:
        return  # already an edition.source warning
    for kind in kinds:
        try:
            findings = checks.check_all(corpus, [kind])
        except Exception:  # noqa: BLE001 - a layer that fails is already an edition.layer warning on its page
            continue
        for finding in findings:
            warn(finding.kind, finding.message, file_location(finding.path, finding.line))


def register(app) -> None:
    app.add_config_value("edition_checks", BUILD_KINDS, "env", types=[list, tuple])
    app.connect("env-check-consistency", check_consistency)
