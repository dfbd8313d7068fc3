"""The browser's folding and stemming (folding.js + Sphinx's Snowball JS) agree with Python's.

Runs the JavaScript under Node.js; skipped where there is no ``node``.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess

import pytest

from patience.orthography import modernize

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js (node) is not installed")

HARNESS = """
const fs = require("fs");
const words = JSON.parse(fs.readFileSync(0, "utf8"));
const stemmer = new Stemmer();
process.stdout.write(JSON.stringify(words.map((w) => [Stemmer.fold(w), stemmer.stemWord(w)])));
"""


def _words(edition) -> list[str]:
    words = set()
    for passage in edition.passages:
        for text in (passage.reading, modernize(passage.reading).text):
            words.update(re.findall(r"\w+", text))
    rng = random.Random(1874)
    alphabet = "абвгдежзийклмнопрстуфхцчшщъыьэюяёѣіѳѵАЕЗИЪѢІ" + "abcdefghijklmnopqrstuvwxyz"
    endings = ["", "аго", "яго", "ыя", "ія", "іяся", "ого", "шаго", "ъ"]
    prefixes = ["", "раз", "без", "воз", "не", "разс", "чрез"]
    for _ in range(3000):
        core = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 8)))
        words.add(rng.choice(prefixes) + core + rng.choice(endings))
    return sorted(words)


def test_browser_and_python_fold_and_stem_alike(edition):
    from patience_sphinx.search import SearchAcrossSpellings

    from patience.orthography.folding import fold

    words = _words(edition)
    script = SearchAcrossSpellings.js_stemmer_code + HARNESS
    result = subprocess.run([NODE, "-e", script], input=json.dumps(words), capture_output=True,
                            text=True, check=True)
    browser = json.loads(result.stdout)
    language = SearchAcrossSpellings({})
    python = [[fold(w), language.stem(w)] for w in words]
    mismatches = [(w, b, p) for w, b, p in zip(words, browser, python) if b != p]
    assert mismatches == []
    assert len(words) > 3000
