"""The files the site offers for download, made in one go, each with its size and SHA-256.

Every file is the same bytes its command writes (``patience tei -o edition.xml`` …), so
a reader can rebuild one and compare its hash. ``SHA256SUMS`` beside them lists the
hashes in the format ``sha256sum -c`` reads. Given CETEIcean (the npm package's folder),
the TEI viewer joins them (:mod:`.tei_viewer`): the site's build gives it, from ``npm ci``.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from patience.corpus import Corpus
from patience.export.epub import epub_bytes
from patience.export.pdf import pdf_bytes
from patience.export.tei import tei_bytes
from patience.export.tei_viewer import viewer_html
from patience.output import write_file
from patience.text.export import edition_record

_EPOCH = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Format:
    name: str
    title: str
    description: str
    command: str | None  # the command that writes the same bytes; None for the zipped specs
    make: Callable[[Corpus], bytes]


@dataclass(frozen=True)
class Download:
    name: str
    title: str
    description: str
    command: str | None
    size: int
    sha256: str


def json_bytes(corpus: Corpus) -> bytes:
    """What ``patience text --json`` prints."""
    record = edition_record(corpus.edition, corpus.modern, corpus.english)
    return (json.dumps(record, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def specs_zip(corpus: Corpus) -> bytes:
    """The rule specifications, ``patience/specs/*.yaml``, in a zip with fixed dates."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(corpus.specs_dir.glob("*.yaml")):
            archive.writestr(zipfile.ZipInfo(f"specs/{path.name}", _EPOCH), path.read_bytes(), zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


FORMATS = (
    Format("edition.xml", "TEI P5", "The whole edition as one TEI document: the witnesses and the reading text "
           "with every correction, the modern transcription and the English, aligned by passage identifier; "
           "the notes; the header describing the book, its witnesses and this edition.",
           "patience tei -o edition.xml", tei_bytes),
    Format("edition.json", "JSON", "Every passage with every layer and its apparatus, the games and the notes, "
           "as plain data.", "patience text --json > edition.json", json_bytes),
    Format("edition.epub", "EPUB", "The edition as an e-book: each game's passages in the reading text, the "
           "modern transcription and English, its rules in plain language; the notes and the glossary.",
           "patience epub -o edition.epub", epub_bytes),
    Format("edition.pdf", "PDF", "For print (A4): the same, with the old letters in the edition's typeface, "
           "passage identifiers in the margin and the game named at the head of each page.",
           "patience pdf -o edition.pdf", pdf_bytes),
    Format("specs.zip", "Rule specifications", "The executable specification of every game, the YAML files the "
           "engine plays from: patience/specs/ of the repository, zipped.", None, specs_zip),
)


VIEWER = Format("edition-viewer.html", "TEI viewer", "The TEI document in a browser, each passage's reading text, "
                "modern transcription and English side by side, then the glossary, the departures and the settled "
                "readings; shown by CETEIcean, all in one page that opens from a disk too.", None, tei_bytes)


def write_downloads(directory: Path, corpus: Corpus, ceteicean: Path | None = None) -> list[Download]:
    """Make every file in ``directory`` (the TEI viewer too, given CETEIcean's package folder);
    return them in :data:`FORMATS` order, the viewer after the TEI."""
    directory.mkdir(parents=True, exist_ok=True)
    made = []
    for entry in FORMATS:
        data = entry.make(corpus)
        made.append(_write(directory, entry, data))
        if entry.make is tei_bytes and ceteicean is not None:
            script = (ceteicean / "dist" / "CETEI.js").read_text(encoding="utf-8")
            licence = (ceteicean / "LICENSE.md").read_text(encoding="utf-8")
            made.append(_write(directory, VIEWER, viewer_html(data, script, licence)))
    sums = "".join(f"{d.sha256}  {d.name}\n" for d in made)
    write_file(directory / "SHA256SUMS", sums)
    return made


def _write(directory: Path, entry: Format, data: bytes) -> Download:
    write_file(directory / entry.name, data)
    digest = hashlib.sha256(data).hexdigest()
    return Download(entry.name, entry.title, entry.description, entry.command, len(data), digest)


def human_size(size: int) -> str:
    return f"{size / 1024:.0f} KiB" if size < 1024 * 1024 else f"{size / 1024 / 1024:.1f} MiB"
