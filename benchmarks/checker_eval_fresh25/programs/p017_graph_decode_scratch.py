"""Capture one decode step in a CUDA graph and replay it per token."""

import numpy as np
from llmquay import add, rms_rows

import tilert as tr

D = 256


def capture_step(hidden: tr.Tensor, residual: tr.Tensor, out: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        normed = tr.empty((1, D), name="normed")  # expect: TC111
        g.record(rms_rows(normed.partition((1, D)), hidden, 1e-6))
        g.record(add(out.partition((1, D)), normed, residual))
    return g


hidden = tr.from_numpy(np.random.default_rng(0).standard_normal((1, D)).astype(np.float32))
residual = tr.ones((1, D))
out = tr.empty((1, D))
graph = capture_step(hidden, residual, out)  # expect-also: TC111
for _token in range(8):
    graph.launch().wait()
graph.close()
print(out.to_numpy()[0, :4])
