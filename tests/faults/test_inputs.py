"""D18: inputs validated where they are read: a witness is a file of ``source_texts/witnesses/``,
never a path that leads elsewhere (N50), and the base URL is a web address (N58)."""

from __future__ import annotations

import re

import pytest

from patience.citation import load_publication
from patience.text import load_edition
from tests.editing import edit, expect_error, line_of

WITNESS = "    file: 000_ba7a576b9c7b83e8.txt\n"


@pytest.mark.parametrize("path", ["../../../../etc/hostname", "/etc/hostname", "../witnesses.yaml", ".."])
def test_d18_n50_a_witness_outside_the_witnesses_folder_is_refused(path, source_copy):
    listing = source_copy / "witnesses.yaml"
    edit(listing, WITNESS, f'    file: "{path}"\n')
    expect_error(lambda: load_edition(source_copy), listing, line_of(listing, f'file: "{path}"'),
                 r"^witnesses\.0\.file: Value error, .* is not a file name: a witness is a file of witnesses/")


@pytest.mark.parametrize("url", ["javascript:alert(1)//", "file:///etc/", "patience-edition.org/"])
def test_d18_n58_a_base_url_that_is_not_a_web_address_is_refused(url, source_copy):
    path = source_copy / "edition.yaml"
    edit(path, "released: 2026-11-30\n", f'released: 2026-11-30\nbase_url: "{url}"\n')
    expect_error(lambda: load_publication(source_copy), path, line_of(path, "base_url:"),
                 rf"^base_url: Value error, '{re.escape(url)}' is not an http\(s\) address$")
