"""The edition of «Двадцать четыре основные пасьянса»: text model, patience engine, tools.

Subpackages know nothing of each other's domain: ``patience.text`` models the
witnesses and passages, ``patience.engine`` plays the games, ``patience.orthography``
converts spelling. None of them imports Sphinx.
"""

__version__ = "0.1.0"
