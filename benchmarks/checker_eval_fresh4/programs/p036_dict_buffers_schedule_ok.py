from __future__ import annotations

import numpy as np
from llmrun.kernels import add

import tilert as tr

bufs = {"a": tr.ones((64,)), "b": tr.zeros((64,))}
bias = tr.full((64,), 0.25)
schedule = [("a", "b"), ("b", "a"), ("a", "b")]
for src, dst in schedule:
    add(bufs[dst].partition((16,)), bufs[src], bias).sync()
assert np.allclose(bufs["b"].to_numpy(), 1.75)
