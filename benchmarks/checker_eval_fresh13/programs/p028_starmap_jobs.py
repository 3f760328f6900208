"""Launches made by itertools.starmap over job tuples; one job's output is also its input."""

from itertools import starmap

from llmrig import kernels as K

import tilert as tr

x, y = tr.arange(128), tr.ones(128)
jobs = [(x.partition((64,)), y, y), (y.partition((64,)), y, x)]
for op in starmap(K.add, jobs):  # expect: TC101
    op.sync()
