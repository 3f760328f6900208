"""Capturing a model's decode step in a graph: the intermediate buffers are allocated once in a
static workspace before the capture, and forward() only launches."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, INTER = 64, 128
rng = np.random.default_rng(38)
w_up = tr.from_numpy((rng.standard_normal((2 * INTER, HIDDEN)) * 0.05).astype(np.float32))
w_down = tr.from_numpy((rng.standard_normal((HIDDEN, INTER)) * 0.05).astype(np.float32))
workspace = {"gate_up": tr.empty((1, 2 * INTER)), "act": tr.empty((1, INTER))}


def forward(x: tr.Tensor, out: tr.Tensor, run) -> None:
    run(tk.linear(workspace["gate_up"], x, w_up))
    run(tk.silu_and_mul(workspace["act"], workspace["gate_up"]))
    run(tk.linear(out, workspace["act"], w_down))


x = tr.from_numpy(rng.standard_normal((1, HIDDEN)).astype(np.float32))
out = tr.empty((1, HIDDEN))
forward(x, out, lambda op: op.sync())
eager = out.to_numpy().copy()
with tr.graph() as g:
    forward(x, out, g.record)
for _ in range(3):
    g.launch().wait()
g.close()
np.testing.assert_allclose(out.to_numpy(), eager, rtol=1e-5)
print(out.to_numpy()[0, :3])
