"""The garbage collector kept off the loaded environment during a build, and given it back after."""

from __future__ import annotations

import gc


def test_the_environment_is_frozen_while_the_build_reads_and_given_back_after(make_app, site_copy):
    app = make_app("html", srcdir=site_copy("downloads"))
    seen = []
    app.connect("env-updated", lambda app, env: seen.append((gc.get_freeze_count(), gc.isenabled())))
    app.build()
    [(frozen, enabled)] = seen
    assert frozen > 100_000 and enabled  # the environment and the modules, out of every collection
    assert gc.get_freeze_count() == 0 and gc.isenabled()  # a process that goes on collects them again
