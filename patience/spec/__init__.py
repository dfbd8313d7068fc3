"""The spec language: the schema of a game's rules (:mod:`patience.spec.schema`, built
from :mod:`~patience.spec.terms`, :mod:`~patience.spec.layout` and
:mod:`~patience.spec.play`) and the finding and reading of spec files
(:mod:`patience.spec.loading`).

The spec layer knows the cards (:mod:`patience.cards`) and nothing of play: the engine
compiles a spec into its rules, and :mod:`patience.claims` runs a spec's claims
against the engine.
"""
