"""The spec language: the schema of a game's rules (:mod:`patience.rulespec.schema`, built
from :mod:`~patience.rulespec.terms`, :mod:`~patience.rulespec.layout` and
:mod:`~patience.rulespec.movement`) and the finding and reading of spec files
(:mod:`patience.rulespec.loading`).

The spec layer knows the cards (:mod:`patience.cards`) and nothing of play: the engine
compiles a spec into its rules, and :mod:`patience.claims` runs a spec's claims
against the engine.
"""
