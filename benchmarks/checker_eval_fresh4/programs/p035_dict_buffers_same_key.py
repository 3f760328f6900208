from __future__ import annotations

from llmrun.kernels import add

import tilert as tr

bufs = {"a": tr.ones((64,)), "b": tr.zeros((64,))}
bias = tr.full((64,), 0.25)
schedule = [("a", "b"), ("b", "a"), ("a", "a")]
for src, dst in schedule:
    add(bufs[dst].partition((16,)), bufs[src], bias).sync()  # expect: TC101
print(bufs["a"].to_numpy()[0])
