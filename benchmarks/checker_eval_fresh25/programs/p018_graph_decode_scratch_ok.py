"""Capture one decode step in a CUDA graph and replay it per token."""

import numpy as np
from llmquay import add, rms_rows

import tilert as tr

D = 256


def capture_step(
    hidden: tr.Tensor, residual: tr.Tensor, normed: tr.Tensor, out: tr.Tensor
) -> tr.Graph:
    with tr.graph() as g:
        g.record(rms_rows(normed.partition((1, D)), hidden, 1e-6))
        g.record(add(out.partition((1, D)), normed, residual))
    return g


h_np = np.random.default_rng(0).standard_normal((1, D)).astype(np.float32)
hidden = tr.from_numpy(h_np)
residual = tr.ones((1, D))
normed = tr.empty((1, D), name="normed")  # scratch made before the capture
out = tr.empty((1, D))
graph = capture_step(hidden, residual, normed, out)
for _token in range(8):
    graph.launch().wait()
graph.close()
expect = h_np / np.sqrt((h_np**2).mean() + 1e-6) + 1
np.testing.assert_allclose(out.to_numpy(), expect, rtol=1e-4, atol=1e-5)
print(out.to_numpy()[0, :4])
