from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

import patience

extensions = ["myst_parser", "patience_sphinx.edition"]
# The pages' scripts, bundled with the repository's esbuild (this root is built from a copy).
scripts_esbuild = str(Path(patience.__file__).resolve().parents[1] / "node_modules" / "esbuild")
myst_enable_extensions = ["colon_fence"]


class TestClause(SphinxDirective):
    """A stand-in for the rules directive: declares a clause citing passages."""

    required_arguments = 1
    has_content = True
    option_spec = {"cites": directives.unchanged}

    def run(self):
        from patience_sphinx.edition.api import cites, declare

        name = self.arguments[0]
        text = " ".join(self.content)
        declare(self, "clause", name, f"clause-{name}", text, self.options.get("cites", ""))
        for passage_id in self.options.get("cites", "").split():
            cites(self, "clause", name, passage_id)
        return [nodes.paragraph("", text, ids=[f"clause-{name}"])]


def setup(app):
    app.add_directive("test-clause", TestClause)
