"""The edition's Sphinx extensions, one package: ``extensions = ["patience_sphinx"]``.

Thin adapters over the ``patience`` package:

- :mod:`.edition`: the ``ed`` domain, the parallel text, notes, glossary, citations;
- :mod:`.rules`: a game's executable spec, its claims, plate and examples;
- :mod:`.search`: search that folds pre-reform and modern spellings;
- :mod:`.cli_page`: the command line's reference page, rendered from its parser;
- :mod:`.spec_page`: the spec-language page's mutation score, read from the record of the mutation runs;
- :mod:`.downloads`: the TEI, JSON, EPUB, PDF and rule specs, made with the site, in a table;
- :mod:`.stats`: the statistics page, its table and chart from the stored results.

Each submodule is also an extension of its own, for test sites that need only one.
"""

from __future__ import annotations

PARTS = ("edition", "rules", "search", "cli_page", "spec_page", "downloads", "stats")


def setup(app):
    for part in PARTS:
        app.setup_extension(f"{__name__}.{part}")
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
