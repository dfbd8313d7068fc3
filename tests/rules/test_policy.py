"""The pages' Content-Security-Policy (patience_sphinx.rules.policy): only the site, its own
scripts, the inline ones the page holds by their digests, and Play's WebAssembly."""

from __future__ import annotations

import base64
import hashlib

from patience_sphinx.rules.policy import policy, protect

PAGE = """<!doctype html>
<html><head><meta charset="utf-8">
<title>t</title><script src="_static/a.js?v=1"></script></head>
<body><script>document.body.dataset.theme = "auto";</script>
<svg style="display: none;"></svg><div style="opacity: 50%"></div>
<script type="application/json" class="rules-play-data">{"a": 1}</script>
</body></html>"""


def digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_the_policy_allows_the_site_its_inline_script_and_styles_by_digest_and_nothing_else():
    found = policy(PAGE)
    directives = dict(part.strip().split(" ", 1) for part in found.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == f"""'self' 'wasm-unsafe-eval' {digest('document.body.dataset.theme = "auto";')}"""
    assert set(directives["style-src"].split()) == {"'self'", "'unsafe-hashes'", digest("display: none;"),
                                                     digest("opacity: 50%")}
    assert directives["object-src"] == "'none'" and directives["worker-src"] == "'self'"
    assert '{"a": 1}' not in found and digest('{"a": 1}') not in found  # data, not a script


def test_the_policy_comes_first_in_the_head_once_however_often_it_is_put_there():
    once = protect(PAGE)
    assert once.index('<meta http-equiv="Content-Security-Policy"') < once.index("<script")
    assert protect(once) == once
    changed = once.replace('"auto"', '"dark"')
    assert protect(changed).count("Content-Security-Policy") == 1 and digest('document.body.dataset.theme = "dark";') \
        in protect(changed)
