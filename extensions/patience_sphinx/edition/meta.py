"""``citation_*`` meta tags on every page, for reference managers (Zotero reads them).

They say what the citation panels say: Cadogan as the author of the original, the
editors, the page's public URL under the configured base URL, the language. Nothing
unknown (the Russian edition's translator, publisher, year) is filled in.
"""

from __future__ import annotations

from html import escape

from patience import citation

from .data import checksum
from .source import source_dir


def _tag(name: str, content: str) -> str:
    return f'<meta name="{name}" content="{escape(content, quote=True)}" />\n'


def add_tags(app, pagename, templatename, context, doctree) -> None:
    if doctree is None:
        return
    publication = citation.load_publication(source_dir(app.env))
    title = app.env.titles[pagename].astext() if pagename in app.env.titles else citation.TITLE_RU
    tags = [_tag("citation_title", title)]
    if pagename.startswith("docs/games/") and not pagename.endswith("/index"):
        tags.append(_tag("citation_inbook_title", citation.TITLE_RU))
    tags.append(_tag("citation_author", f"{citation.AUTHOR_FAMILY}, {citation.AUTHOR_GIVEN}"))
    tags.extend(_tag("citation_editor", editor) for editor in publication.editors)
    tags.append(_tag("citation_public_url", publication.base_url + app.builder.get_target_uri(pagename)))
    tags.append(_tag("citation_language", "ru"))
    tags.append(_tag("citation_series_title", publication.statement))
    tags.append(_tag("edition-data", checksum(app)))  # the page script asks for the current data file
    context["metatags"] = context.get("metatags", "") + "".join(tags)


def register(app) -> None:
    app.connect("html-page-context", add_tags)
