"""The games and variants the specs define, read from the specs' headers alone: ``game``,
``title``, ``title_ru``, ``status``, ``playable`` and each variant's ``id`` and ``title``.

It is what ``patience games`` lists, in a few hundredths of a second: PyYAML parses only
those top-level entries of each file, and neither pydantic nor the schema is imported.
The full reading, :func:`patience.rulespec.loading.games`, validates every spec whole and stays
the reference: for specs that validate the two lists are the same (``tests/test_startup.py``
holds them so). Whatever this reading cannot vouch for (a header that is not a plain mapping
of strings and booleans, a key or a game id given twice, YAML it would have to cut across),
it answers ``None``, and the caller falls back to the full reading and its located error.
What lies beyond the headers (the clauses and claims) is not read here: ``patience check``
and every command that plays a game validate it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import yaml

from patience import sources

HEADER = ("game", "title", "title_ru", "status", "playable", "variants")
_KEY = re.compile(r"([a-z_]+):(?:[ \t]|$)")  # a top-level key, as the specs write them


class Header(NamedTuple):
    """One game or variant as its spec's header gives it (the fields of ``loading.GameEntry``)."""

    id: str
    title: str
    title_ru: str | None
    status: str
    playable: bool
    path: Path


def game_headers(folder: Path | None = None) -> list[Header] | None:
    """Every game and variant of the specs in ``folder`` (default: the package's), in file
    order, as :func:`patience.rulespec.loading.games` lists them; ``None`` if any header is not
    plainly readable."""
    found: list[Header] = []
    games: set[str] = set()
    for path in sorted((folder or sources.SPEC_DIR).glob("*.yaml")):
        headers = _headers(path)
        if headers is None or headers[0].id in games:
            return None
        games.add(headers[0].id)
        found += headers
    return found


def _headers(path: Path) -> list[Header] | None:
    try:
        text = _header_entries(path.read_text(encoding="utf-8"))
        data = yaml.load(text, Loader=_Loader) if text is not None else None
    except (OSError, UnicodeDecodeError, yaml.YAMLError, _TwiceGiven):
        return None
    if not isinstance(data, dict):
        return None
    game, title, title_ru, status = (data.get(key) for key in ("game", "title", "title_ru", "status"))
    playable, variants = data.get("playable", True), data.get("variants", [])
    if not (isinstance(game, str) and isinstance(title, str) and isinstance(status, str)
            and isinstance(title_ru, str | None) and isinstance(playable, bool) and isinstance(variants, list)):
        return None
    headers = [Header(game, title, title_ru, status, playable, path)]
    for variant in variants:
        variant_id, variant_title = (variant.get(key) if isinstance(variant, dict) else None for key in ("id", "title"))
        if not (isinstance(variant_id, str) and isinstance(variant_title, str)):
            return None
        headers.append(Header(f"{game}:{variant_id}", variant_title, title_ru, status, playable, path))  # the game's
    return headers


def _header_entries(text: str) -> str | None:
    """The top-level entries of :data:`HEADER`, each whole (its key's line and every line below
    it up to the next top-level key), as YAML; ``None`` for a file with documents or directives."""
    kept, keeping = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith(("---", "...", "%")):
            return None
        if line[:1] not in ("", " ", "\t", "\r", "\n", "#", "-"):  # a sequence at column 0 goes on its key
            key = _KEY.match(line)
            keeping = key is not None and key.group(1) in HEADER
        if keeping:
            kept.append(line)
    return "".join(kept)


class _TwiceGiven(Exception):
    """A mapping with a key given twice, which the full reading refuses."""


if TYPE_CHECKING:
    _SafeLoader = yaml.SafeLoader
else:
    _SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_SafeLoader):
    """libyaml's safe loader (where PyYAML has it), refusing a key given twice."""

    def construct_mapping(self, node, deep=False):
        self.flatten_mapping(node)
        keys = [self.construct_object(key, deep=True) for key, _ in node.value]
        if len(keys) != len({repr(key) for key in keys}):
            raise _TwiceGiven
        return super().construct_mapping(node, deep=deep)
