"""The dictionary's answers about words, remembered and carried from one process to the next.

The questions asked of every word of the text (its lemmas for the glossary, whether it
states a number) depend on the word alone, given the dictionary and the code that asks.
:func:`remembered` keeps their answers; :func:`answers` hands them out with the key of
that code and dictionary, and :func:`recall` takes them back in a later process if the
key is the same, so that a site built again after an edit asks the dictionary only about
new words. Nothing here imports pymorphy3: a command that never asks need not load it.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
from collections.abc import Callable
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
_ANSWERS: dict[str, dict[str, object]] = {}  # by remembered function: its answers, word by word
# Modules every answer rests on, besides the one that asks: the dictionary's and the folding of old letters.
_BENEATH = ("patience.orthography.morphology", "patience.orthography.folding", __name__)


def remembered(function: Callable[[str], T]) -> Callable[[str], T]:
    """``function``, a question about one word that depends on nothing else, its answers kept:
    unbounded, as a text's vocabulary is a few thousand words."""
    memo = _ANSWERS.setdefault(f"{function.__module__}.{function.__qualname__}", {})

    @functools.wraps(function)
    def asked(word: str) -> T:
        if word not in memo:
            memo[word] = function(word)
        return memo[word]  # type: ignore[return-value]

    return asked


def forget() -> None:
    """Forget every answer (a benchmark's cold round)."""
    for memo in _ANSWERS.values():
        memo.clear()


def answers() -> dict:
    """Every answer remembered so far, with the key of the code and dictionary that gave them."""
    return {"key": _key(tuple(sorted(_ANSWERS))), "answers": {name: dict(memo) for name, memo in _ANSWERS.items()}}


def recall(saved: dict) -> bool:
    """Take back the answers of :func:`answers`, given in another process, if the same code
    and dictionary gave them; say whether they were taken."""
    given = saved.get("answers", {})
    key = _key(tuple(sorted(given)))
    if key is None or saved.get("key") != key:
        return False
    for name, memo in given.items():
        _ANSWERS.setdefault(name, {}).update(memo)
    return True


@lru_cache(maxsize=8)
def _key(names: tuple[str, ...]) -> str | None:
    """The versions of pymorphy3 and its dictionary, and the source of the modules that define
    the functions ``names`` and of those beneath them (a change to any may change an answer);
    None if a module's source cannot be read."""
    digest = hashlib.sha256(f"{version('pymorphy3')} {version('pymorphy3-dicts-ru')}".encode())
    for module in sorted({name.rsplit(".", 1)[0] for name in names} | set(_BENEATH)):
        found = importlib.util.find_spec(module)
        if found is None or found.origin is None:
            return None
        digest.update(module.encode() + b"\0" + Path(found.origin).read_bytes())
    return digest.hexdigest()
