"""Fixtures for the browser tests: the whole site, built once, served on 127.0.0.1,
and a page of Debian's Chromium driven by playwright.

``playwright install`` needs the network, so the browser is the system's
``/usr/bin/chromium``; without it every browser test is skipped with that reason.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import subprocess
import sys
import threading
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-smooth-scrolling",  # a wheel turned in a test has scrolled when it returns
]


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


# Without the browser extra (pip install -e '.[browser]') these tests are not even collected,
# so that pytest -m "not browser" runs from the test extra alone.
collect_ignore_glob = [] if _installed("playwright") and _installed("axe_playwright_python") else ["test_*.py"]


def pytest_collection_modifyitems(config, items):
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is absent (install Debian's chromium package)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The full site, built once per session with the repository's conf.py, as strictly as the
    README builds it: a warning (esbuild missing, so the pages would go without their scripts)
    fails the browser tests at once instead of as timeouts."""
    out = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-n", "-W", "--keep-going", "-q", "-b", "html", str(ROOT), str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    if result.returncode != 0:
        pytest.fail(f"the site does not build:\n{result.stderr}")
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass


class _Server(http.server.ThreadingHTTPServer):
    """The site's server, silent when a page closes a connection mid-file (the browser moved
    on, as a reader's does); any other fault of a request is printed as the base class does."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def site_url(built_site):
    """Base URL (ending in ``/``) of the built site, served by a thread on 127.0.0.1."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is absent (install Debian's chromium package)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh playwright ``Page`` (desktop width) in its own context."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    tab = context.new_page()
    yield tab
    context.close()
