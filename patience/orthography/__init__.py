"""Pre-reform → modern Russian spelling, every change traceable to its rule.

``modernize(text)`` returns a :class:`Conversion`: ``.text`` in modern spelling
and ``.changes``, each an original/regularised pair with its span in the input
and the rules that made it (see :mod:`patience.orthography.rules`). Decisions
that need grammar (is «-ія» a noun or a plural participle? is «-аго» stressed?)
are taken from the pymorphy3 dictionary. This package knows nothing of passages
or cards, except :mod:`patience.orthography.layer`, which builds a passage's
modern layer.
"""

from patience.orthography.conversion import Change, Conversion
from patience.orthography.convert import convert_word, modernize
from patience.orthography.rules import RULES, Rule

__all__ = ["RULES", "Change", "Conversion", "Rule", "convert_word", "modernize"]
