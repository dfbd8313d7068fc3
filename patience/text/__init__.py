"""The text model of the edition: witnesses, passages, layers, corrections, notes.

It knows nothing of cards or of Sphinx. :func:`load_edition` reads
``source_texts/`` and checks it whole: the witnesses against their recorded
hashes, the segmentation against the witnesses character by character, the
corrections against the reading text, the notes against their markers.
"""

from patience.text.edition import Edition, load_edition, source_texts_dir
from patience.text.model import Correction, Game, Note, Passage, Span

__all__ = [
    "Correction",
    "Edition",
    "Game",
    "Note",
    "Passage",
    "Span",
    "load_edition",
    "source_texts_dir",
]
