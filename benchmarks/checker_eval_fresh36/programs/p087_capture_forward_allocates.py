"""Capturing a model's decode step in a graph: forward() was written for eager mode and
allocates its intermediate buffers each call, so the capture fails inside it."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, INTER = 64, 128
rng = np.random.default_rng(38)
w_up = tr.from_numpy((rng.standard_normal((2 * INTER, HIDDEN)) * 0.05).astype(np.float32))
w_down = tr.from_numpy((rng.standard_normal((HIDDEN, INTER)) * 0.05).astype(np.float32))


def forward(x: tr.Tensor, out: tr.Tensor, run) -> None:
    gate_up = tr.empty((x.shape[0], 2 * INTER))  # expect: TC111
    act = tr.empty((x.shape[0], INTER))
    run(tk.linear(gate_up, x, w_up))
    run(tk.silu_and_mul(act, gate_up))
    run(tk.linear(out, act, w_down))


x = tr.from_numpy(rng.standard_normal((1, HIDDEN)).astype(np.float32))
out = tr.empty((1, HIDDEN))
forward(x, out, lambda op: op.sync())
with tr.graph() as g:
    forward(x, out, g.record)  # expect-also: TC111
g.launch().wait()
g.close()
print(out.to_numpy()[0, :3])
