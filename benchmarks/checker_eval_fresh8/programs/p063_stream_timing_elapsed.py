"""Benchmark harness: work on a stream of its own between two events, every Pending waited,
the elapsed time read from the events."""

import numpy as np
from llmweave.kernels import add

import tilert as tr

a, b = tr.ones((64,)), tr.ones((64,))
outs = [tr.zeros((64,)) for _ in range(4)]
s = tr.Stream()
with s:
    start = s.record()
    pend = [add(o.partition((16,)), a, b).submit() for o in outs]
    end = s.record()
for p in pend:
    p.wait()
end.synchronize()
ms = start.elapsed_ms(end)
assert ms >= 0 and all(np.allclose(o.to_numpy(), 2.0) for o in outs)
print(f"{ms:.3f} ms")
