"""The build writes its own files (``edition-data.js``, the downloads, Play's bundle) through
:func:`patience.output.write_file`: a link planted in the output is refused, not followed."""

from __future__ import annotations

import pytest


def test_the_build_refuses_a_link_planted_in_its_output(make_app, site_copy, tmp_path):
    from sphinx.errors import ExtensionError

    victim = tmp_path / "victim.js"
    victim.write_text("victim", encoding="utf-8")
    static = tmp_path / "out" / "html" / "_static"
    static.mkdir(parents=True)
    (static / "edition-data.js").symlink_to(victim)
    app = make_app("html", srcdir=site_copy("edition"), builddir=tmp_path / "out")
    with pytest.raises(ExtensionError, match="is a symbolic link, not a regular file"):
        app.build()
    assert victim.read_text(encoding="utf-8") == "victim"
