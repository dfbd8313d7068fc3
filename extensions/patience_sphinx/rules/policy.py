"""Every page of the site carries a Content-Security-Policy that lets it load nothing but
the site itself, and run nothing but its own files and the WebAssembly Play needs.

A static site cannot send headers, so the policy is a ``<meta http-equiv>`` put first in
each page's ``<head>`` once the pages are written (``build-finished``). The few inline
scripts and ``style`` attributes the theme writes (furo's colour-scheme switch, its icon
sprite) are allowed by their SHA-256 digests, computed from each page as written, so an
edited template cannot be allowed by mistake, and nothing injected could run. Play's
Pyodide compiles WebAssembly (``'wasm-unsafe-eval'``, which allows no ``eval`` of script)
in a Web Worker from this site (``worker-src 'self'``); the theme's icons are ``data:``
images in its style sheet.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from pathlib import Path

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">\n?')
SCRIPT = re.compile(r"<script(?P<attributes>[^>]*)>(?P<body>.*?)</script>", re.S)
STYLE = re.compile(r"<style[^>]*>(?P<body>.*?)</style>", re.S)
STYLE_ATTRIBUTE = re.compile(r'\sstyle="(?P<value>[^"]*)"')
DATA_TYPES = re.compile(r'type="(application/(ld\+)?json|text/template)"')
CHARSET = re.compile(r"<meta charset=[^>]*>\n?", re.I)


def policy(page: str) -> str:
    """The policy for ``page`` (its HTML, without a policy of its own)."""
    scripts = [m["body"] for m in SCRIPT.finditer(page)
               if "src=" not in m["attributes"] and not DATA_TYPES.search(m["attributes"]) and m["body"].strip()]
    styles = [m["body"] for m in STYLE.finditer(page)]
    attributes = sorted({html.unescape(m["value"]) for m in STYLE_ATTRIBUTE.finditer(page)})
    script_src = " ".join(["'self'", "'wasm-unsafe-eval'", *_digests(scripts)])
    style_src = " ".join(["'self'", *_digests(styles), *(["'unsafe-hashes'", *_digests(attributes)] if attributes else [])])
    return (f"default-src 'self'; script-src {script_src}; style-src {style_src}; img-src 'self' data:; "
            "font-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; "
            "form-action 'self'")


def _digests(texts: list[str]) -> list[str]:
    return sorted({f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'" for text in texts})


def protect(page: str) -> str:
    """``page`` with its policy first in its head (replacing one put there before)."""
    page = META.sub("", page)
    meta = f'<meta http-equiv="Content-Security-Policy" content="{html.escape(policy(page), quote=False)}">\n'
    found = CHARSET.search(page)
    at = found.end() if found else page.find("<head>") + len("<head>")
    return page[:at] + meta + page[at:]


def write(app, exception) -> None:
    """``build-finished``: the policy into every HTML page of the site (a page an earlier
    build protected, and that has not changed since, is left as it is)."""
    if exception or app.builder.format != "html":
        return
    out = Path(app.outdir)
    for path in out.rglob("*.html"):
        if path.relative_to(out).parts[0] == "_static":
            continue
        page = path.read_text(encoding="utf-8")
        protected = protect(page)
        if protected != page:
            path.write_text(protected, encoding="utf-8")
