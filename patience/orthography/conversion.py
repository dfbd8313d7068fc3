"""The result of a conversion: the modern text and every change, traceable.

Each :class:`Change` is an original/regularised pair, as TEI's
``<choice><orig/><reg/></choice>``, with its span in the input and the rules
that made it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr


@dataclass(frozen=True)
class Change:
    """``original`` at ``[start, end)`` of the input became ``regularised`` by ``rules``."""

    start: int
    end: int
    original: str
    regularised: str
    rules: tuple[str, ...]
    reason: str | None = None  # a manual override's reason

    def to_json(self) -> dict:
        data = {
            "start": self.start,
            "end": self.end,
            "original": self.original,
            "regularised": self.regularised,
            "rules": list(self.rules),
        }
        if self.reason:
            data["reason"] = self.reason
        return data


@dataclass(frozen=True)
class Conversion:
    """A pre-reform ``source`` and its ``changes`` (in order, not overlapping); ``text`` follows."""

    source: str
    changes: tuple[Change, ...]
    text: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", "".join(piece for piece, _ in self.segments()))

    def segments(self) -> Iterator[tuple[str, Change | None]]:
        """The modern text in pieces: unchanged source text (``None``) and changed words."""
        cursor = 0
        for change in self.changes:
            if change.start < cursor:
                raise ValueError(f"changes overlap at {change.start}")
            if change.start > cursor:
                yield self.source[cursor:change.start], None
            yield change.regularised, change
            cursor = change.end
        if cursor < len(self.source):
            yield self.source[cursor:], None

    def to_json(self) -> dict:
        return {"source": self.source, "text": self.text, "changes": [c.to_json() for c in self.changes]}

    def to_tei(self) -> str:
        """The text as TEI mixed content: each change a ``<choice>`` of ``<orig>`` and
        ``<reg>``, whose ``type`` lists the rules; an override's reason follows as a ``<note>``."""
        pieces = []
        for text, change in self.segments():
            if change is None:
                pieces.append(escape(text))
                continue
            # TEI's <choice> holds only its alternatives: the reason follows it as a note.
            note = f'<note type="override">{escape(change.reason)}</note>' if change.reason else ""
            pieces.append(
                f"<choice><orig>{escape(change.original)}</orig>"
                f"<reg type={quoteattr(' '.join(change.rules))}>{escape(change.regularised)}</reg>"
                f"</choice>{note}"
            )
        return "".join(pieces)
