"""The package's `tiles` helper gives a partition that the program keeps for later, then the
program dumps the buffer."""

import llmweave.host as h
from llmweave.kernels import fill

import tilert as tr

buf = tr.zeros((64,), name="cache_line")
later = h.tiles(buf)
snapshot = buf.to_numpy().copy()  # expect: TC104
fill(later, 1.0).sync()
print(snapshot[:2])
