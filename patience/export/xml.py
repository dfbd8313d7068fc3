"""A few helpers over :mod:`xml.etree.ElementTree` for TEI's mixed content."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"
ET.register_namespace("", TEI_NS)

#: What an ``xml:id`` may be: an XML NCName (here its ASCII subset).
NCNAME = re.compile(r"^[A-Za-z_][A-Za-z0-9._-]*$")


def tei(tag: str) -> str:
    return f"{{{TEI_NS}}}{tag}"


def attributes(attrs: dict) -> dict[str, str]:
    """Keyword names to XML names: ``lang``/``id``/``space`` are ``xml:``; ``None`` is left out."""
    named = {}
    for key, value in attrs.items():
        if value is None:
            continue
        key = key.rstrip("_")
        name = f"{{{XML_NS}}}{key}" if key in ("lang", "id", "space") else key
        named[name] = str(value)
    return named


def element(tag: str, text: str | None = None, **attrs) -> ET.Element:
    node = ET.Element(tei(tag), attributes(attrs))
    node.text = text
    return node


def sub(parent: ET.Element, tag: str, text: str | None = None, **attrs) -> ET.Element:
    node = element(tag, text, **attrs)
    parent.append(node)
    return node


def add_text(parent: ET.Element, text: str) -> None:
    """Append ``text`` to ``parent``'s mixed content, after its last child."""
    if not text:
        return
    if len(parent):
        last = parent[-1]
        last.tail = (last.tail or "") + text
    else:
        parent.text = (parent.text or "") + text


def xml_id(identifier: str) -> str:
    """A passage identifier as an ``xml:id``: the same string, which the identifier grammar
    makes an NCName (a letter first, then letters, digits, dots and hyphens). An identifier
    that is not one is refused rather than silently rewritten, since citations use it."""
    if not NCNAME.match(identifier):
        raise ValueError(f"identifier {identifier!r} is not an XML name and cannot be an xml:id")
    return identifier


#: Elements whose content is text, never indented: whitespace there would be text.
MIXED = {tei(tag) for tag in ("ab", "note", "head", "p", "catDesc", "title", "resp", "name", "edition",
                              "label", "idno", "language", "author", "publisher", "pubPlace", "date", "authority")}


def indent(node: ET.Element, level: int = 0) -> None:
    """Indent element-only content for reading; mixed content is left exactly as it is."""
    if node.tag in MIXED or (node.text or "").strip() or not len(node):
        return
    if any((child.tail or "").strip() for child in node):
        return
    pad = "\n" + " " * (level + 1)
    node.text = pad
    for child in node:
        indent(child, level + 1)
        child.tail = pad
    node[-1].tail = "\n" + " " * level
