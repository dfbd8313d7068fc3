"""``citation_*`` meta tags on every page, for reference managers (Zotero reads them) and Google Scholar.

They say what the citation panels say, each fact once: Cadogan as the author of the
original, the editors (one organisation), the date of this version of the edition,
its version (``prism.edition``, which Zotero takes for the edition), the page's public
URL when the edition has one, the language. Nothing unknown (the Russian edition's
translator, publisher, year) is filled in.
"""

from __future__ import annotations

from html import escape

from patience import citation

from .data import checksum
from .source import source_dir


def _tag(name: str, content: str) -> str:
    return f'<meta name="{name}" content="{escape(content, quote=True)}" />\n'


def _in_the_book(pagename: str) -> bool:
    """A game's page, or the notes: a section of the book."""
    return pagename == "docs/notes" or (pagename.startswith("docs/games/") and not pagename.endswith("/index"))


def tags_for(app, pagename: str, publication) -> list[tuple[str, str]]:
    title = app.env.titles[pagename].astext() if pagename in app.env.titles else citation.TITLE_RU
    tags = [("citation_title", title)]
    if _in_the_book(pagename):
        tags.append(("citation_inbook_title", publication.title))
    tags += [
        ("citation_author", f"{citation.AUTHOR_FAMILY}, {citation.AUTHOR_GIVEN}"),
        ("citation_editor", publication.editors),
        ("citation_publication_date", publication.released.strftime("%Y/%m/%d")),
        ("prism.edition", f"Version {publication.version}"),
    ]
    url = publication.address(app.builder.get_target_uri(pagename))
    if url:
        tags.append(("citation_public_url", url))
    tags.append(("citation_language", "ru"))
    return tags


def add_tags(app, pagename, templatename, context, doctree) -> None:
    if doctree is None:
        return
    tags = tags_for(app, pagename, citation.load_publication(source_dir(app.env)))
    tags.append(("edition-data", checksum(app)))  # the page script asks for the current data file
    context["metatags"] = context.get("metatags", "") + "".join(_tag(name, content) for name, content in tags)


def register(app) -> None:
    app.connect("html-page-context", add_tags)
