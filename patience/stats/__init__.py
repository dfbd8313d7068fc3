"""How often each game comes out (статистика): numbered deals solved and played on Dask.

:mod:`~patience.stats.deal` decides and plays one deal (what a worker runs);
:mod:`~patience.stats.runner` spreads deals over a Dask cluster and gathers them,
each exactly once; :mod:`~patience.stats.ladder` climbs the escalation ladder (every
deal cheaply, the undecided ones again with more), saving each finished deal in the
:mod:`~patience.stats.journal`; :mod:`~patience.stats.table` keeps the results in the
stored table with the digests (:mod:`~patience.stats.digests`) they were computed
with, and :mod:`~patience.stats.integrity` checks it; :mod:`~patience.stats.intervals`
gives the Wilson intervals; :mod:`~patience.stats.chart` draws the rates as SVG.
"""
