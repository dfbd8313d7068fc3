"""Rules in the pages: a game's executable spec, its claims, its plate and examples, and Play.

A thin adapter over :mod:`patience.engine`: the spec is read from the one file
the engine plays from, the claims and examples are run by the engine, the plate
is drawn by :mod:`patience.views.plate`. Clauses and claims join the edition's
``ed`` domain through :mod:`patience_sphinx.edition.api`, so passages link back to them.

Directives: ``rules GAME`` (clauses, claims, variants), ``rules-plate GAME``,
``rules-example GAME NUMBER``, ``rules-play GAME`` (any deal, played in the page).
Config: ``rules_specs_dir`` (default: the engine's ``patience/specs``),
``rules_time_limit`` (seconds per claim or example), ``rules_pyodide_dir`` (the npm
package ``pyodide``; default ``node_modules/pyodide`` beside ``conf.py``),
``rules_play_snapshot`` (make Play's Pyodide memory snapshot with Node; default true);
the pages' scripts (``js/``) are bundled as :mod:`.._scripts` says (``scripts_esbuild``).
Warnings are typed ``rules.<subtype>`` (:mod:`patience_sphinx._logging`).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from .. import _html, _scripts
from . import bundle, play, policy
from .clauses import RulesDirective
from .example import ExampleDirective
from .plate import PlateDirective

STATIC = Path(__file__).parent / "static"
JS = Path(__file__).parent / "js"


def setup(app):
    app.setup_extension("patience_sphinx.edition")
    app.add_config_value("rules_specs_dir", "", "env", types=[str])
    app.add_config_value("rules_time_limit", 30.0, "env", types=[float, int])
    app.add_config_value("rules_pyodide_dir", "", "html", types=[str])
    app.add_config_value("rules_play_snapshot", True, "html", types=[bool])
    _html.register(app)
    app.add_directive("rules", RulesDirective)
    app.add_directive("rules-plate", PlateDirective)
    app.add_directive("rules-example", ExampleDirective)
    app.add_directive("rules-play", play.PlayDirective)
    app.connect("builder-inited", partial(_html.add_static_path, folder=STATIC))
    app.add_domain(play.PlayRecord)
    app.connect("build-finished", bundle.write)
    app.connect("build-finished", policy.write)  # every page: Play is what needs more than the site's files
    app.add_css_file("rules.css")
    app.add_css_file("play.css")
    _scripts.add(app, JS, ["rules.js"])  # the replays and Play
    _scripts.add(app, JS, ["play-worker.js"], form="esm")  # Play's engine, started by rules.js
    app.add_js_file("rules.js", defer="defer")
    return {"version": "0.1", "env_version": 4, "parallel_read_safe": True, "parallel_write_safe": True}
