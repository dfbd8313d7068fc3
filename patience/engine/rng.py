"""The documented pseudo-random generator and shuffle that make deals citable.

A deal is named by a game and a number and must be the same deal on every
machine and every version, so the engine does not use Python's ``random``
(whose algorithms are not promised to stay fixed). Instead:

* **Seed.** ``seed(key)`` is the first 8 bytes, big-endian, of the SHA-256 of the
  UTF-8 key. The key of deal *n* of game *g* is ``"g:n"`` (``"sultan:7"``); the
  shuffle of the talon for redeal *k* of that deal uses ``"g:n:redeal:k"``.
* **Generator.** SplitMix64 (Steele, Lea & Flood 2014): the state advances by
  ``0x9E3779B97F4A7C15`` modulo 2**64 and each output is the state mixed by
  ``z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27; z *= 0x94D049BB133111EB;
  z ^= z >> 31`` (all modulo 2**64).
* **Bounded integers.** ``below(n)`` draws 64-bit outputs until one is at least
  ``2**64 mod n`` and returns it modulo *n*: no modulo bias.
* **Shuffle.** Fisher–Yates from the end: for ``i`` from ``len - 1`` down to 1,
  swap item ``i`` with item ``below(i + 1)``. The shuffled list's first item is
  the top of the pack (the first card dealt).
* **Shuffle of a redeal.** The generator's first outputs are one key for each card
  of the packs, in the order of the card ids (:func:`card_keys`); the gathered cards
  are put in the order of their keys, the smallest on top (:func:`keyed_order`). So
  the deal alone fixes the order of any two cards in every new pack, whatever else
  is gathered with them: how the talon was played cannot choose the redeal.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed(key: str) -> int:
    """The 64-bit seed of a textual key such as ``"sultan:7"``."""
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "big")


class SplitMix64:
    """SplitMix64: tiny, fast, and exactly specified."""

    def __init__(self, state: int):
        self.state = state & MASK

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        threshold = (1 << 64) % n
        while True:
            value = self.next()
            if value >= threshold:
                return value % n


@lru_cache(maxsize=256)
def card_keys(key: str, cards: int) -> tuple[int, ...]:
    """One 64-bit key for each of ``cards`` card ids, from the generator seeded by ``key``
    (distinct: the generator's outputs do not repeat within 2**64 draws)."""
    generator = SplitMix64(seed(key))
    return tuple(generator.next() for _ in range(cards))


def keyed_order(cards: list[int], key: str, total: int) -> list[int]:
    """``cards`` (ids below ``total``) in the order of their :func:`card_keys`."""
    return sorted(cards, key=card_keys(key, total).__getitem__)


def shuffle(items: list, key: str) -> list:
    """A new list: ``items`` shuffled by the generator seeded from ``key``."""
    result = list(items)
    generator = SplitMix64(seed(key))
    for i in range(len(result) - 1, 0, -1):
        j = generator.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result
