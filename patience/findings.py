"""What a consistency check reports (:mod:`patience.consistency`): the kinds of finding and
one located finding. Light on purpose: the build's typed warnings (``check.<kind>``) and the
command line's choices read the kinds without loading the corpus.

``source``     a file that cannot be read at all (a YAML error, a passage that does not tile
               its witness, a note without its marker);
``duplicate``  two spec files of one game id;
``title``      a spec's titles differ from ``games.yaml``, a game has no spec, or a Russian
               title is not in the passage ``games.yaml`` names as its source;
``coverage``   a rule, paragraph or note of a game that no clause or claim cites,
               or a citation of a passage that does not exist or belongs elsewhere;
``quotation``  a clause's or claim's ``quote`` that is not in the passages it cites;
``number``     a number a cited passage states that no parameter carries, or a stale excuse;
``claim``      a claim whose outcome is not what the spec records;
``corrections`` an OCR token that looks wrong and was neither corrected nor checked;
``modern``     a word of the modern layer no dictionary knows and no allow-list excuses;
``glossary``   a term found in the Russian whose English is not in the translation;
``departures`` a departure's Russian words not in its passages, or a clause or variant it
               names that the specs lack (``departures.yaml``);
``publication`` ``edition.yaml`` (what every citation names) that does not validate;
``statistics`` the stored statistics' table: a game missing, deals not 1..N each once, a
               row changed by hand, stale digests, a sampled deal decided otherwise
               (:mod:`patience.stats.integrity`).
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("source", "duplicate", "title", "coverage", "quotation", "number", "claim", "corrections", "modern",
         "glossary", "departures", "publication", "statistics")


@dataclass(frozen=True, order=True)
class Finding:
    """What is wrong, and where: ``path:line: message``."""

    path: str
    line: int | None
    kind: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"

    def to_json(self) -> dict:
        return {"path": self.path, "line": self.line, "kind": self.kind, "message": self.message}
