"""``patience-downloads``: the edition's files for download, made with the site, in a table.

The directive makes every file of :data:`patience.export.downloads.FORMATS` (TEI, JSON,
EPUB, PDF, the rule specs) into a folder beside the doctrees, in a forked process while
Sphinx goes on (:mod:`.making`), and the table of them with their sizes and SHA-256 is
rendered when the page is resolved for writing; when the HTML build finishes, the folder
is copied to ``downloads/`` of the output. A file that cannot be made (no font for the
PDF, say) is a ``downloads.make`` warning, so a ``-W`` build fails rather than offer a page
without it. The data come from the edition extension's corpus (:func:`..edition.source.corpus_for`),
so the page is re-read when they change; the specs are declared here too. The TEI viewer
is made with CETEIcean from the npm package (``downloads_ceteicean``, by default
``node_modules/CETEIcean`` in the source folder, beside ``conf.py``; ``npm ci`` installs it): without it the
build warns (``downloads.make``) rather than offer the page without the viewer.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from patience.export.downloads import Download, human_size
from patience.output import write_file

from .._logging import downloads
from ..edition.source import corpus_for, note_english
from .making import downloads_table, made, start, wait

FOLDER = "downloads"
STATIC = Path(__file__).parent / "static"


def staging(doctreedir: str | Path) -> Path:
    return Path(doctreedir) / "patience-downloads"


def ceteicean_dir(directive: SphinxDirective) -> Path:
    """CETEIcean's package folder, relative to the site's source folder (where ``conf.py`` is)."""
    path = Path(directive.config.downloads_ceteicean or Path("node_modules", "CETEIcean"))
    return path if path.is_absolute() else Path(directive.env.srcdir, path)


class DownloadsDirective(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        corpus = corpus_for(self.env, self.get_location())
        if corpus is None:  # already reported as an edition.source warning
            return [nodes.paragraph(text="The downloads could not be made: the edition's data cannot be read.")]
        for path in sorted(corpus.specs_dir.glob("*.yaml")):
            self.env.note_dependency(str(path))
        note_english(self.env, corpus.edition.passages)  # the exports hold every layer
        ceteicean = ceteicean_dir(self)
        if not (ceteicean / "dist" / "CETEI.js").is_file():
            downloads.warn("make", f"the TEI viewer cannot be made: CETEIcean is not in {ceteicean} (run npm ci)",
                           self.get_location())
            return [nodes.paragraph(text="The downloads could not be made: CETEIcean is not installed.")]
        node = start(self.env, corpus, staging(self.env.doctreedir), ceteicean)
        self.set_source_info(node)
        return [node]


def settle(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: the table of the files made, where the directive left room for it."""
    for node in list(doctree.findall(downloads_table)):
        folder = Path(node["staging"])
        wait(app.env, folder)
        files = made(folder)
        if isinstance(files, str):
            downloads.warn("make", f"the downloads could not be made: {files}", node)
            node.replace_self(nodes.paragraph(text=f"The downloads could not be made: {files}"))
        else:
            node.replace_self(files_table(files, "../" * docname.count("/")))


def files_table(files: list[Download], prefix: str) -> nodes.table:
    """The files made, each linked (``prefix``: from the page up to the site's root), with its size and SHA-256."""
    table = nodes.table(classes=["patience-downloads"])
    group = nodes.tgroup(cols=3)
    table += group
    for width in (2, 6, 3):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += _row(*([nodes.Text(t)] for t in ("file, size", "what it holds, and the command that makes it", "SHA-256")))
    body = nodes.tbody()
    group += body
    for item in files:
        link = nodes.reference("", item.name, refuri=f"{prefix}{FOLDER}/{item.name}")
        what = [nodes.strong(text=item.title), nodes.Text(". " + item.description + " ")]
        if item.command:
            what.append(nodes.literal(text=item.command))
        size = nodes.Text(f" ({human_size(item.size)})")
        body += _row([link, size], what, [nodes.literal(text=item.sha256, classes=["patience-hash"])])
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
    wait(app.env)  # the files being made, if the page was not written
    if exception is None and app.builder.format == "html" and staging(app.doctreedir).is_dir():
        target = Path(app.outdir) / FOLDER
        target.mkdir(parents=True, exist_ok=True)
        for path in sorted(staging(app.doctreedir).iterdir()):
            write_file(target / path.name, path.read_bytes())


def _add_static_path(app: Sphinx) -> None:
    if str(STATIC) not in app.config.html_static_path:
        app.config.html_static_path.append(str(STATIC))


def setup(app: Sphinx) -> dict:
    app.setup_extension("patience_sphinx.edition")  # the corpus and its configuration
    app.add_config_value("downloads_ceteicean", "", "env", types=[str])
    app.add_directive("patience-downloads", DownloadsDirective)
    app.connect("builder-inited", _add_static_path)
    app.add_css_file("downloads.css")
    app.add_node(downloads_table)
    app.connect("doctree-resolved", settle)
    app.connect("build-finished", copy_downloads)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
