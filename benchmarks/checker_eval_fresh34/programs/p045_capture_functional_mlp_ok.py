"""A functional MLP that runs eagerly for the first request and is then captured in a graph for
the decode steps; the ops are handed to a `run` callback (sync eagerly, record when capturing)."""

from collections.abc import Callable

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, HIDDEN, FFN = 1, 64, 128
rng = np.random.default_rng(45)
w_up = tr.from_numpy((rng.standard_normal((2 * FFN, HIDDEN)) * 0.1).astype(np.float32))
w_down = tr.from_numpy((rng.standard_normal((HIDDEN, FFN)) * 0.1).astype(np.float32))


def make_scratch(tokens: int) -> dict[str, tr.Tensor]:
    return {"gate_up": tr.empty((tokens, 2 * FFN)), "act": tr.empty((tokens, FFN))}


def mlp(
    x: tr.Tensor, out: tr.Tensor, scratch: dict[str, tr.Tensor], run: Callable[[tr.Op], object]
) -> None:
    gate_up, act = scratch["gate_up"], scratch["act"]
    run(tk.linear(gate_up, x, w_up))
    run(tk.silu_and_mul(act, gate_up))
    run(tk.linear(out, act, w_down))


x = tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32))
y = tr.empty((TOKENS, HIDDEN), name="y")
scratch = make_scratch(TOKENS)  # allocated once, outside any capture
mlp(x, y, scratch, lambda op: op.sync())  # eager: also tunes the kernels
eager = y.to_numpy().copy()
with tr.graph() as g:
    mlp(x, y, scratch, g.record)
g.launch().wait()
g.close()
print("graph equals eager:", bool(np.allclose(y.to_numpy(), eager)))
