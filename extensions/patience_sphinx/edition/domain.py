"""The ``ed`` domain: the edition's objects and the roles that refer to them.

Objects are games, passages, notes, glossary terms and rule clauses, each known
by its identifier. The domain's data is kept per document so it can be cleared
and merged (parallel reading), and it records which document refers to which
object, so that a document is rewritten when an object it refers to changes
(``env-get-updated``); otherwise an incremental build would keep stale links.
"""

from __future__ import annotations

import hashlib
import html
from typing import NamedTuple

from docutils import nodes
from sphinx.domains import Domain, Index, IndexEntry, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util.nodes import make_refnode

from patience.citation.passages import range_ends

from .._logging import warn_edition as warn
from .._state import domain_of
from .source import data_unreadable

OBJECT_TYPES = {
    "game": "game",
    "passage": "passage",
    "note": "note",
    "term": "glossary term",
    "clause": "rule clause",
    "departure": "departure from the English",
    "reading": "settled reading",
}


class Entry(NamedTuple):
    """Where an object is and what it is: ``fingerprint`` changes when it changes."""

    docname: str
    anchor: str
    title: str
    fingerprint: str
    order: int = 0  # book order, for passages and ranges
    group: str = ""  # the game whose page shows a passage (or "notes"), for the index


def fingerprint(*parts: object) -> str:
    return hashlib.sha1("\x1f".join(map(str, parts)).encode()).hexdigest()[:16]


def normalise(objtype: str, name: str) -> str:
    return name.strip().casefold() if objtype == "term" else name.strip()


class EditionRole(XRefRole):
    """A reference that the domain records, so the referring page depends on its target."""

    def process_link(self, env, refnode, has_explicit_title, title, target):
        objtype = self.reftype
        targets = range_ends(target) if objtype == "range" else [target]
        domain = edition_domain(env)
        for one in targets:
            domain.note_reference(env.docname, "passage" if objtype == "range" else objtype, one)
        refnode["ed_prose"] = has_explicit_title
        return title, target


class PassageIndex(Index):
    domain: EditionDomain
    name = "passages"
    localname = "Index of passages"
    shortname = "passages"

    def generate(self, docnames=None):
        domain = self.domain
        games = {name: entry for (kind, name), entry in domain.objects.items() if kind == "game"}
        groups: dict[str, list[IndexEntry]] = {}
        passages = sorted(
            ((name, e) for (kind, name), e in domain.objects.items() if kind == "passage"), key=lambda item: item[1].order
        )
        for name, entry in passages:
            group = games[entry.group].title if entry.group in games else "Notes"
            groups.setdefault(html.escape(group), []).append(  # the theme writes it unescaped
                IndexEntry(name, 0, entry.docname, entry.anchor, "", "", entry.title)
            )
        return list(groups.items()), False


class TermIndex(Index):
    domain: EditionDomain
    name = "terms"
    localname = "Index of glossary terms"
    shortname = "terms"

    def generate(self, docnames=None):
        groups: dict[str, list[IndexEntry]] = {}
        terms = sorted((e.title, e) for (kind, _), e in self.domain.objects.items() if kind == "term")
        for title, entry in terms:
            groups.setdefault(html.escape(title[:1].upper()), []).append(
                IndexEntry(title, 0, entry.docname, entry.anchor, "", "", "")
            )
        return sorted(groups.items()), False


class EditionDomain(Domain):
    name = "ed"
    label = "Edition"
    object_types = {
        "game": ObjType("game", "game"),
        "passage": ObjType("passage", "passage", "range"),
        "note": ObjType("note", "note"),
        "term": ObjType("glossary term", "term"),
        "clause": ObjType("rule clause", "clause"),
        "departure": ObjType("departure from the English", "departure"),
        "reading": ObjType("settled reading", "reading"),
    }
    roles = {name: EditionRole() for name in ("game", "passage", "range", "note", "term", "clause", "departure", "reading")}
    indices = [PassageIndex, TermIndex]
    initial_data = {
        "objects": {},  # (objtype, name) -> Entry
        "refs": {},  # docname -> {(objtype, name), ...} it refers to
        "backlinks": {},  # docname -> {(target key, source key), ...}: a source here cites a target
    }
    data_version = 3

    def __init__(self, env: BuildEnvironment) -> None:
        super().__init__(env)
        self.before: dict[tuple[str, str], str] = {}  # the snapshot taken before reading (see edition._snapshot)

    @property
    def objects(self) -> dict[tuple[str, str], Entry]:
        return self.data["objects"]

    @property
    def refs(self) -> dict[str, set[tuple[str, str]]]:
        return self.data["refs"]

    # -- recording -------------------------------------------------------

    def note_object(self, objtype: str, name: str, entry: Entry, location=None) -> bool:
        """Record an object; a second declaration is an ``edition.duplicate`` warning."""
        key = (objtype, normalise(objtype, name))
        other = self.objects.get(key)
        if other is not None:
            warn("duplicate", f"{OBJECT_TYPES[objtype]} {name!r} is already declared in {other.docname}", location)
            return False
        self.objects[key] = entry
        return True

    def note_reference(self, docname: str, objtype: str, name: str) -> None:
        self.refs.setdefault(docname, set()).add((objtype, normalise(objtype, name)))

    def note_backlink(self, docname: str, target: tuple[str, str], source: tuple[str, str]) -> None:
        """``source`` (say a rule clause) cites ``target`` (say a passage): the target shows a link back."""
        self.note_reference(docname, *target)
        keys = ((target[0], normalise(*target)), (source[0], normalise(*source)))
        self.data["backlinks"].setdefault(docname, set()).add(keys)

    def backlinks_to(self, objtype: str, name: str) -> list[tuple[tuple[str, str], Entry]]:
        """Objects that declared they cite ``(objtype, name)``, with their entries, sorted."""
        target = (objtype, normalise(objtype, name))
        found = {
            source: self.objects[source]
            for links in self.data["backlinks"].values()
            for linked, source in links
            if linked == target and source in self.objects
        }
        return sorted(found.items(), key=lambda item: (item[1].order, item[0]))

    def clear_doc(self, docname: str) -> None:
        for key, entry in list(self.objects.items()):
            if entry.docname == docname:
                del self.objects[key]
        self.refs.pop(docname, None)
        self.data["backlinks"].pop(docname, None)

    def merge_domaindata(self, docnames, otherdata) -> None:
        for key, entry in otherdata["objects"].items():
            if entry.docname not in docnames:
                continue
            mine = self.objects.get(key)
            if mine is not None and mine.docname != entry.docname:
                warn("duplicate", f"{OBJECT_TYPES[key[0]]} {key[1]!r} is declared in {mine.docname} and in {entry.docname}",
                     (entry.docname, None))
                continue
            self.objects[key] = entry
        for docname in docnames:
            for key in ("refs", "backlinks"):
                if docname in otherdata[key]:
                    self.data[key][docname] = set(otherdata[key][docname])

    # -- resolving -------------------------------------------------------

    def lookup(self, objtype: str, name: str) -> Entry | None:
        return self.objects.get((objtype, normalise(objtype, name)))

    def check_consistency(self) -> None:
        """Every back-link declared must point at an object that exists."""
        for docname, links in sorted(self.data["backlinks"].items()):
            for target, source in sorted(links):
                if target not in self.objects and not data_unreadable(self.env):
                    warn("dangling", f"{OBJECT_TYPES[source[0]]} {source[1]!r} cites {OBJECT_TYPES[target[0]]} "
                         f"{target[1]!r}, which is not in the edition", (docname, None))

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        if typ == "range":
            return self._resolve_range(fromdocname, builder, target, node, contnode)
        entry = self.lookup(typ, target)
        if entry is None and node.get("ed_soft"):
            return contnode  # an optional link (a term in the text when the site has no glossary)
        if entry is None:
            if not data_unreadable(env):
                warn("dangling", f"no {OBJECT_TYPES.get(typ, typ)} {target!r} in the edition", node)
            return nodes.inline("", "", contnode, classes=["ed-dangling"])
        if not node.get("refexplicit") and typ in ("game", "term", "note"):
            contnode = nodes.inline("", entry.title, classes=contnode["classes"])
        elif node.get("ed_prose") and isinstance(contnode, nodes.literal):
            contnode = nodes.inline("", contnode.astext(), classes=contnode["classes"])  # a title is prose
        return make_refnode(builder, fromdocname, entry.docname, entry.anchor, contnode, entry.title)

    def _resolve_range(self, fromdocname, builder, target, node, contnode):
        ends = range_ends(target)
        if len(ends) != 2 or not all(ends):
            warn("argument", f"passage range {target!r} is not of the form FIRST-LAST", node)
            return nodes.inline("", "", contnode, classes=["ed-dangling"])
        first, last = (self.lookup("passage", end) for end in ends)
        if first is None or last is None:
            missing = [end for end, entry in zip(ends, (first, last)) if entry is None]
            if not data_unreadable(self.env):
                warn("dangling", f"passage range {target!r}: no passage {', '.join(map(repr, missing))} in the edition",
                     node)
            return nodes.inline("", "", contnode, classes=["ed-dangling"])
        if last.order < first.order:
            warn("argument", f"passage range {target!r} runs backwards: {ends[1]} comes before {ends[0]}", node)
        if not node.get("refexplicit"):
            contnode = nodes.literal("", f"{ends[0]}–{ends[1]}", classes=contnode["classes"])
        # On one page, the address names the whole range, and the page marks every passage of it.
        same = first.docname == last.docname
        anchor = f"{first.anchor}-{last.anchor}" if same else first.anchor
        return make_refnode(builder, fromdocname, first.docname, anchor, contnode, target)

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        results = []
        for objtype in OBJECT_TYPES:
            entry = self.lookup(objtype, target)
            if entry is not None:
                ref = make_refnode(builder, fromdocname, entry.docname, entry.anchor, contnode, entry.title)
                results.append((f"ed:{self.role_for_objtype(objtype)}", ref))
        return results

    def get_objects(self):
        """Every object, with a display name from which the search page rebuilds its anchor.

        Sphinx's search stores no anchor when it equals the name or ``TYPE-name``, and
        the page then makes it from the display name; so the display name is the name
        (a passage's identifier, a note's number), except for a term, shown in the
        book's spelling, whose entry carries that spelling as an anchor too.
        """
        for (objtype, name), entry in self.objects.items():
            shown = entry.title if objtype == "term" else name
            yield name, shown, objtype, entry.docname, entry.anchor, 1

    # -- incremental builds ------------------------------------------------

    def snapshot(self) -> dict[tuple[str, str], str]:
        """A fingerprint of every object, and of the back-links each one shows."""
        shown: dict[tuple[str, str], list] = {}
        for links in self.data["backlinks"].values():
            for target, source in links:
                shown.setdefault(target, []).append((source, self.objects.get(source)))
        return {
            key: fingerprint(*entry, sorted(map(repr, shown.get(key, []))))
            for key, entry in self.objects.items()
        }

    def referrers_of_changes(self, before: dict[tuple[str, str], str]) -> set[str]:
        """Documents to rewrite: those referring to an object that changed since ``before``,
        and those showing an object whose back-links changed."""
        after = self.snapshot()
        changed = {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}
        referrers = {docname for docname, keys in self.refs.items() if keys & changed}
        return referrers | {self.objects[key].docname for key in changed if key in self.objects}


def edition_domain(env: BuildEnvironment) -> EditionDomain:
    return domain_of(env, EditionDomain)
