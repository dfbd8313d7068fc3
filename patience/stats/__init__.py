"""How often each game comes out (статистика): numbered deals solved and played on Dask.

:mod:`~patience.stats.deal` decides and plays one deal (what a worker runs);
:mod:`~patience.stats.runner` spreads deals over a Dask cluster and gathers them,
each exactly once; :mod:`~patience.stats.table` keeps the results in the stored
table with the digests they were computed with; :mod:`~patience.stats.intervals`
gives the Wilson intervals; :mod:`~patience.stats.chart` draws the rates as SVG.
"""
