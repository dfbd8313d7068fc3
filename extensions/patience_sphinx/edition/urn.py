"""A reader's URL can carry a passage's URN: ``…/any-page.html#urn:cts:…:napoleon.game.2``.

The build writes ``_static/edition-passages.js``, the page of every passage, and
the page script sends a URN fragment to the passage's page and anchor. The map
is written from the domain once all pages are read (``env-updated``), before any
page is written, so it always matches the pages and its checksum is current.
"""

from __future__ import annotations

import json
from pathlib import Path

from patience import citation

SCRIPT = "edition-passages.js"


def write_map(app, env) -> list[str] | None:
    """Write the map; when it changed, every page is rewritten, since each names it with its
    checksum (``edition-passages.js?v=…``) and a page left alone would keep the old one."""
    if app.builder.format != "html":
        return None
    domain = env.domains["ed"]
    pages = {
        name: f"{app.builder.get_target_uri(entry.docname)}#{entry.anchor}"
        for (objtype, name), entry in sorted(domain.objects.items())
        if objtype == "passage"
    }
    payload = {"urn": citation.URN_BASE + ":", "passages": pages}
    text = f"window.EDITION_PASSAGES = {json.dumps(payload, ensure_ascii=False, sort_keys=True)};\n"
    target = Path(app.outdir) / "_static" / SCRIPT
    if target.is_file() and target.read_text(encoding="utf-8") == text:
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return sorted(env.found_docs)


def register(app) -> None:
    app.add_js_file(SCRIPT)
    app.connect("env-updated", write_map)
