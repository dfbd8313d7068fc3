"""The edition's consistency checks (:mod:`patience.consistency`), run once per build.

Each finding is a warning typed ``check.<kind>`` located in the data file
(``patience/specs/sultan.yaml:40``), so ``-W`` fails on what ``patience check``
reports. A file a check needs that cannot be read is a ``check.source`` warning
naming the checks it stopped, and a check whose code fails is a ``check.source``
warning too, so no check is skipped in silence. The ``source`` kind itself, ``claim``
and ``statistics`` are left to the pages, which already warn of them (``edition.layer``,
``rules.spec``, ``rules.claim``; the statistics page, which publishes the table).
"""

from __future__ import annotations

from patience import consistency as checks

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
    for finding in checks.check_all(corpus, kinds, failed=_could_not_run):
        warn(finding.kind, finding.message, file_location(finding.path, finding.line))


def _could_not_run(kind: str, error: Exception) -> None:
    """Code that fails (a layer's converter, say; data that cannot be read are findings): said, not skipped."""
    warn("source", f"the {kind} check could not run: {type(error).__name__}: {error}")


def register(app) -> None:
    app.add_config_value("edition_checks", BUILD_KINDS, "env", types=[list, tuple])
    app.connect("env-check-consistency", check_consistency)
