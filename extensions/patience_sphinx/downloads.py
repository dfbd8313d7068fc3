"""``patience-downloads``: the edition's files for download, made with the site, in a table.

The directive makes every file of :data:`patience.export.downloads.FORMATS` (TEI, JSON,
EPUB, PDF, the rule specs) into a folder beside the doctrees and renders a table of
them with their sizes and SHA-256; when the HTML build finishes, the folder is copied to
``downloads/`` of the output. A file that cannot be made (no font for the PDF, say) is
a ``patience.downloads`` warning, so a ``-W`` build fails rather than offer a page
without it. The page is re-read when the edition's data or the specs change.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from patience.datafile import DataFileError
from patience.export.downloads import Download, human_size, write_downloads
from patience.export.fonts import FontError
from patience.export.layers import load_layers
from patience.spec.loading import spec_paths
from patience.text.edition import source_texts_dir

logger = logging.getLogger(__name__)
FOLDER = "downloads"


def staging(doctreedir: str | Path) -> Path:
    return Path(doctreedir) / "patience-downloads"


class DownloadsDirective(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        source = Path(getattr(self.config, "edition_source_texts", "") or source_texts_dir())
        for path in [*sorted(p for p in source.rglob("*") if p.is_file()), *spec_paths()]:
            self.env.note_dependency(str(path))
        try:
            made = write_downloads(staging(self.env.doctreedir), load_layers(source))
        except (DataFileError, FontError) as error:
            logger.warning(f"the downloads could not be made: {error}", type="patience", subtype="downloads",
                           location=self.get_location())
            return [nodes.paragraph(text=f"The downloads could not be made: {error}")]
        prefix = "../" * self.env.docname.count("/")
        return [self.table(made, prefix)]

    def table(self, made: list[Download], prefix: str) -> nodes.table:
        table = nodes.table(classes=["patience-downloads"])
        group = nodes.tgroup(cols=4)
        table += group
        for width in (2, 5, 1, 4):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        head += _row(*([nodes.Text(t)] for t in ("file", "what it holds, and the command that makes it", "size", "SHA-256")))
        body = nodes.tbody()
        group += body
        for item in made:
            link = nodes.reference("", item.name, refuri=f"{prefix}{FOLDER}/{item.name}")
            what = [nodes.strong(text=item.title), nodes.Text(". " + item.description + " "),
                    nodes.literal(text=item.command)]
            body += _row([link], what, [nodes.Text(human_size(item.size))], [nodes.literal(text=item.sha256)])
        return table


def _row(*cells: list[nodes.Node]) -> nodes.row:
    """A table row; each cell is a list of inline nodes."""
    row = nodes.row()
    for content in cells:
        entry = nodes.entry()
        entry += nodes.paragraph("", "", *content)
        row += entry
    return row


def copy_downloads(app: Sphinx, exception: Exception | None) -> None:
    """Copy the files made while reading into the HTML output (also when the page was not re-read)."""
    if exception is None and app.builder.format == "html" and staging(app.doctreedir).is_dir():
        shutil.copytree(staging(app.doctreedir), Path(app.outdir) / FOLDER, dirs_exist_ok=True)


def setup(app: Sphinx) -> dict:
    app.add_directive("patience-downloads", DownloadsDirective)
    app.connect("build-finished", copy_downloads)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
