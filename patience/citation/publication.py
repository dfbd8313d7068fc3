"""The edition as a publication (``source_texts/edition.yaml``): what every citation names.

``conf.py`` reads the same file, so a citation made from a page and one printed by
``patience cite`` name the same editors, version, release date and address. The
address may be absent: an edition not yet published says so rather than print a
made-up one, and an address on a host reserved for examples (``example.org``,
``*.test`` …) is refused, so that a placeholder never reaches a page or a download.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, field_validator

from patience.datafile import load_yaml, validate
from patience.sources import source_texts_dir

EDITION = "Двадцать четыре основные пасьянса — critical edition"

#: Domains and top-level domains reserved for examples and tests (RFC 2606, RFC 6761):
#: an address there is a placeholder, never where the edition is published.
RESERVED_DOMAINS = ("example.com", "example.net", "example.org")
RESERVED_TLDS = ("example", "test", "invalid", "localhost", "local")

NO_ADDRESS = "The edition has no public address yet."


def placeholder_host(url: str) -> str | None:
    """The host of ``url`` when it is reserved for examples, else ``None``."""
    host = (urlsplit(url).hostname or "").rstrip(".").lower()
    reserved = host in RESERVED_DOMAINS or host.endswith(tuple("." + d for d in RESERVED_DOMAINS))
    return host if reserved or host.rpartition(".")[2] in RESERVED_TLDS else None


class Publication(BaseModel):
    """The editors (an organisation, named as one), the address, the version and its release date."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = EDITION
    editors: str
    base_url: str | None = None
    version: str
    released: datetime.date

    @field_validator("base_url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        # A line break would start a new field of the RIS or BibTeX record.
        bad = next((c for c in value if c.isspace() or not c.isprintable()), None)
        if bad is not None:
            raise ValueError(f"contains {bad!r}: a URL has no spaces or control characters")
        if urlsplit(value).scheme not in ("https", "http") or not urlsplit(value).hostname:
            raise ValueError(f"{value!r} is not an http(s) address")
        if not value.endswith("/"):
            raise ValueError("must end with a slash")
        host = placeholder_host(value)
        if host is not None:
            raise ValueError(f"{host!r} is a placeholder, reserved for examples: give the address where the "
                             "edition is published, or leave base_url out until it is")
        return value

    @property
    def statement(self) -> str:
        """The edition, its editors, version and release, in one phrase (for the plain-text citation)."""
        return f"{self.title}, edited by {self.editors}, version {self.version}, released {self.released.isoformat()}"

    def address(self, page: str) -> str | None:
        """The public URL of ``page`` (relative to the site's root), or ``None`` before publication."""
        return None if self.base_url is None else self.base_url + page


def load_publication(source: Path | str | None = None) -> Publication:
    """``edition.yaml`` of ``source`` (default: the edition's ``source_texts/``), checked."""
    path = Path(source or source_texts_dir()) / "edition.yaml"
    return validate(Publication, load_yaml(path), path)
