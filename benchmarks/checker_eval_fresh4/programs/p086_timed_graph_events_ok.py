"""Timing graph replays with events recorded outside the capture."""

from __future__ import annotations

from llmrun.kernels import axpy

import tilert as tr

stream = tr.Stream()
acc = tr.zeros((64,))
one = tr.ones((64,))
scratch = tr.empty((64,))  # allocated before the capture
with tr.graph(stream) as g:
    g.record(axpy(acc.partition((16,)), one, 1.0))
start = stream.record()
pendings = [g.launch(stream) for _ in range(3)]
end = stream.record()
for p in pendings:
    p.wait()
end.synchronize()
ms = start.elapsed_ms(end)
g.close()
assert ms >= 0.0 and acc.to_numpy()[0] == 3.0
