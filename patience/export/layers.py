"""Every layer of the edition for an export: the corpus of :mod:`patience.corpus`, loaded once.

The exports name it ``Layers``; it is the one loader the command line, the site and the tests share.
"""

from __future__ import annotations

from patience.corpus import Corpus as Layers
from patience.corpus import load_corpus as load_layers

__all__ = ["Layers", "load_layers"]
