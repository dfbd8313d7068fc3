"""The edition in Sphinx: the ``ed`` domain, the parallel-text view, notes, citations.

A thin adapter over :mod:`patience.text` and :mod:`patience.citation`: the text
model and the citation formats live in the package; this extension turns them
into pages, anchors and links, and reports problems as located warnings of type
``edition`` (see :mod:`patience_sphinx._logging`).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from .. import _collector, _html, _scripts
from .._state import new_build
from . import backlinks, checks, data, inventory, lang, meta, words
from .cite import CitationPanel
from .corrections import CorrectionsList
from .departures import Departures
from .domain import EditionDomain, edition_domain
from .effects import TranslationEffects
from .games import GameSummary
from .glossary import GlossaryList
from .notes import NotesList
from .parallel import ParallelText, widen_parallel_pages
from .source import data_unreadable

STATIC = Path(__file__).parent / "static"
JS = Path(__file__).parent / "js"
TEMPLATES = Path(__file__).parent / "templates"


def _templates(app, config) -> None:
    """``config-inited``: the edition's template overrides (``templates/``), before the theme's."""
    if str(TEMPLATES) not in config.templates_path:
        config.templates_path.insert(0, str(TEMPLATES))


def _snapshot(app, env, added, changed, removed):
    """Before reading: remember every object's fingerprint (see ``_referrers``)."""
    domain = edition_domain(env)
    domain.before = domain.snapshot()
    return []


def _referrers(app, env):
    """After reading: pages that refer to an object that changed must be rewritten."""
    domain = edition_domain(env)
    return sorted(domain.referrers_of_changes(domain.before))


def _quiet_consequences(app, domain, node) -> bool | None:
    """While the data cannot be read, an unresolved reference to the edition is a consequence of
    the one ``edition.source`` warning; saying so hundreds of times would bury it."""
    ours = (domain is not None and domain.name == "ed") or node.get("reftype") in ("any", "myst")
    return True if ours and data_unreadable(app.env) else None


def setup(app):
    app.add_config_value("edition_source_texts", "", "env", types=[str])
    app.connect("config-inited", _templates)
    _collector.register(app)
    _html.register(app)
    backlinks.register(app)
    checks.register(app)
    data.register(app)
    meta.register(app)
    inventory.register(app)
    words.register(app)
    lang.register(app)
    app.add_domain(EditionDomain)
    app.add_directive_to_domain("ed", "parallel", ParallelText)
    app.add_directive_to_domain("ed", "game", GameSummary)
    app.add_directive_to_domain("ed", "notes", NotesList)
    app.add_directive_to_domain("ed", "glossary", GlossaryList)
    app.add_directive_to_domain("ed", "citation", CitationPanel)
    app.add_directive_to_domain("ed", "corrections", CorrectionsList)
    app.add_directive_to_domain("ed", "departures", Departures)
    app.add_directive_to_domain("ed", "translation-effects", TranslationEffects)
    app.connect("builder-inited", partial(_html.add_static_path, folder=STATIC))
    app.connect("env-before-read-docs", new_build)
    app.connect("env-get-outdated", _snapshot)
    app.connect("env-get-updated", _referrers)
    app.connect("warn-missing-reference", _quiet_consequences)
    app.add_css_file("edition.css")
    app.connect("html-page-context", widen_parallel_pages)
    _scripts.add(app, JS, ["edition.js"])
    app.add_js_file("edition.js", defer="defer")
    return {"version": "0.1", "env_version": 4, "parallel_read_safe": True, "parallel_write_safe": True}
