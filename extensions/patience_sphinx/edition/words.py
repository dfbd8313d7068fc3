"""The dictionary's answers about the text's words, kept under the doctrees between builds.

Every build lemmatises every word of the reading text for the glossary and reads the
numbers it states for the checks, some two thousand questions to pymorphy3 whose answers
depend on the word alone (:mod:`patience.orthography.memo`). They are saved when a build
ends and taken back when the next one starts, if the code and the dictionary that gave
them are the same, so a build after an edit asks only about new words. A file that
cannot be read is left to be written again: the answers are only ever a shortcut.
"""

from __future__ import annotations

import pickle
from pathlib import Path

from patience.orthography import memo
from patience.output import write_file

FILE = "patience-words.pickle"


def recall_words(app) -> None:
    """``builder-inited``: take back the answers the last build kept, if they still hold."""
    path = Path(app.doctreedir, FILE)
    try:
        memo.recall(pickle.loads(path.read_bytes()))
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, TypeError, ValueError):
        pass  # none kept yet, or unreadable: asked again, and kept at the end


def keep_words(app, exception: Exception | None) -> None:
    """``build-finished``: keep every answer given, for the next build."""
    if exception is None:
        write_file(Path(app.doctreedir, FILE), pickle.dumps(memo.answers(), pickle.HIGHEST_PROTOCOL))


def register(app) -> None:
    app.connect("builder-inited", recall_words)
    app.connect("build-finished", keep_words)
