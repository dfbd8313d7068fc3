"""A citation in the formats reference managers read: plain text, BibTeX, biblatex, CSL-JSON, RIS.

Each format carries every fact once, in the field its readers take it from: the
author of the original (Cadogan), the passage's title, the edition with its editors
(one organisation, never split into a person's names), its version and release date
(the date of the digital edition), the original's 1874, the URL (or, before the
edition is published, a note that it has none), the day it was consulted. ``bibtex``
is classic BibTeX (``@misc``: BibTeX's own styles and pybtex format it), ``biblatex``
the richer ``@incollection`` of biblatex's data model (biber validates it).
The page script (``edition.js``) writes the same text from the same facts.
"""

from __future__ import annotations

import json

from .passages import (
    AUTHOR_FAMILY,
    AUTHOR_GIVEN,
    ORIGINAL,
    ORIGINAL_PLACE,
    ORIGINAL_PUBLISHER,
    ORIGINAL_TITLE,
    ORIGINAL_YEAR,
    Citation,
    CitationError,
)

FORMATS = ("text", "bibtex", "biblatex", "csl-json", "ris")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def as_text(cite: Citation) -> str:
    release = cite.publication
    where = f"{cite.url} " if cite.url else ""
    return (f"{AUTHOR_FAMILY}, {AUTHOR_GIVEN} (author of the original). “{cite.title}”. In {release.statement}. "
            f"{cite.note()} {where}(accessed {cite.accessed.isoformat()}).")


# Each character LaTeX reads as markup, written as the character itself (in one pass, so the
# braces of ``\textbackslash{}`` are not escaped again).
_LATEX_SPECIALS = str.maketrans({
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "%": r"\%", "&": r"\&", "#": r"\#", "_": r"\_",
    "$": r"\$", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
})
# A URL is read verbatim (BibLaTeX's url field, the url package): only what would unbalance the
# entry's braces is percent-encoded, as RFC 3986 has it anyway.
_URL_UNSAFE = str.maketrans({"{": "%7B", "}": "%7D", "\\": "%5C"})


def _bibtex_escape(value: str) -> str:
    return value.translate(_LATEX_SPECIALS)


def _bibtex(kind: str, cite: Citation, fields: dict[str, str | None], raw: tuple[str, ...] = ()) -> str:
    """An entry; ``raw`` fields are written as given (a braced name, a month macro)."""
    lines = []
    for name, value in fields.items():
        if value is None:
            continue
        if name == "url":
            value = value.translate(_URL_UNSAFE)
        elif name not in raw and name != "month":
            value = _bibtex_escape(value)
        lines.append(f"  {name} = {value}" if name == "month" else f"  {name} = {{{value}}}")
    return f"@{kind}{{{cite.key},\n" + ",\n".join(lines) + "\n}"


def as_bibtex(cite: Citation) -> str:
    release = cite.publication
    return _bibtex("misc", cite, {
        "author": f"{AUTHOR_FAMILY}, {AUTHOR_GIVEN}",
        "title": cite.title,
        "howpublished": f"In {release.title}, edited by {release.editors}, version {release.version}",
        "year": str(release.released.year),
        "month": MONTHS[release.released.month - 1],
        "language": "russian",
        "note": cite.note(),
        "url": cite.url,
        "urldate": cite.accessed.isoformat(),
    })


def as_biblatex(cite: Citation) -> str:
    release = cite.publication
    return _bibtex("incollection", cite, {
        "author": f"{AUTHOR_FAMILY}, {AUTHOR_GIVEN}",
        "title": cite.title,
        "booktitle": release.title,
        "editor": "{" + _bibtex_escape(release.editors) + "}",  # braced: one organisation, not a person
        "edition": f"Version {release.version}",
        "date": release.released.isoformat(),
        "origdate": str(ORIGINAL_YEAR),
        "origtitle": ORIGINAL_TITLE,
        "origpublisher": ORIGINAL_PUBLISHER,
        "origlocation": ORIGINAL_PLACE,
        "language": "russian",
        "note": cite.note(original=False),
        "url": cite.url,
        "urldate": cite.accessed.isoformat(),
    }, raw=("editor",))


def _date_parts(day) -> dict:
    return {"date-parts": [[day.year, day.month, day.day]]}


def as_csl_json(cite: Citation) -> str:
    release = cite.publication
    item = {
        "id": cite.key,
        "type": "chapter",
        "title": cite.title,
        "container-title": release.title,
        "author": [{"family": AUTHOR_FAMILY, "given": AUTHOR_GIVEN}],
        "editor": [{"literal": release.editors}],
        "issued": _date_parts(release.released),
        "version": release.version,
        "original-title": ORIGINAL_TITLE,
        "original-publisher": ORIGINAL_PUBLISHER,
        "original-publisher-place": ORIGINAL_PLACE,
        "original-date": {"date-parts": [[ORIGINAL_YEAR]]},
        "language": "ru",
        "note": cite.note(original=False),
        **({"URL": cite.url} if cite.url else {}),
        "accessed": _date_parts(cite.accessed),
    }
    return json.dumps([item], ensure_ascii=False, indent=2)


def as_ris(cite: Citation) -> str:
    release = cite.publication
    lines = [
        ("TY", "CHAP"),
        ("ID", cite.key),
        ("AU", f"{AUTHOR_FAMILY}, {AUTHOR_GIVEN}"),
        ("TI", cite.title),
        ("T2", release.title),
        ("A2", release.editors),  # an editor of a chapter's book; no comma, so one name
        ("PY", str(release.released.year)),
        ("DA", release.released.strftime("%Y/%m/%d")),
        ("ET", f"Version {release.version}"),
        ("OP", ORIGINAL),
        ("LA", "ru"),
        ("N1", cite.note(original=False)),
        *((("UR", cite.url),) if cite.url else ()),
        ("Y2", cite.accessed.strftime("%Y/%m/%d")),
        ("ER", ""),
    ]
    return "\n".join(f"{tag}  - {value}" for tag, value in lines)


_WRITERS = {"text": as_text, "bibtex": as_bibtex, "biblatex": as_biblatex, "csl-json": as_csl_json, "ris": as_ris}


def render(cite: Citation, fmt: str) -> str:
    try:
        return _WRITERS[fmt](cite)
    except KeyError:
        raise CitationError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}") from None
