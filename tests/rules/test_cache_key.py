"""The results cache's key covers every module the engine and the claims run."""

import json
import subprocess
import sys

from patience_sphinx.rules.cache import ENGINE_FILES

IMPORTS = """
import json, sys
import patience.claims, patience.claims.provenance, patience.rulespec.compile
import patience.engine.autoplay, patience.views.jsonio, patience.views.plate, patience.views.replay
from patience.rulespec.compile import games, load_game
for entry in games():
    load_game(entry.id).deal(1)
print(json.dumps(sorted(m.__file__ for name, m in sys.modules.items()
                        if name.startswith("patience.") and getattr(m, "__file__", None))))
"""


def test_every_module_the_claims_and_the_engine_import_is_hashed():
    loaded = json.loads(subprocess.run([sys.executable, "-c", IMPORTS], capture_output=True, text=True,
                                       check=True).stdout)
    assert set(loaded) <= {str(path) for path in ENGINE_FILES}
