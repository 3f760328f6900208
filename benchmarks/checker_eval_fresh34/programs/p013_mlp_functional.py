"""A SwiGLU MLP in functional style: weights in a dict, buffers passed in, each kernel synced
in order."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def init_mlp(hidden: int, ffn: int, seed: int) -> dict[str, tr.Tensor]:
    rng = np.random.default_rng(seed)
    s = 1.0 / np.sqrt(hidden)
    return {
        "w_gate_up": tr.from_numpy((rng.standard_normal((2 * ffn, hidden)) * s).astype(np.float32)),
        "w_down": tr.from_numpy((rng.standard_normal((hidden, ffn)) * s).astype(np.float32)),
    }


def mlp(params: dict[str, tr.Tensor], x: tr.Tensor, out: tr.Tensor) -> None:
    tokens = x.shape[0]
    ffn = params["w_down"].shape[1]
    gate_up = tr.empty((tokens, 2 * ffn))
    act = tr.empty((tokens, ffn))
    tk.linear(gate_up, x, params["w_gate_up"]).sync()
    tk.silu_and_mul(act, gate_up).sync()
    tk.linear(out, act, params["w_down"])  # expect: TC105


params = init_mlp(32, 64, seed=13)
x = tr.from_numpy(np.random.default_rng(0).standard_normal((4, 32)).astype(np.float32))
out = tr.zeros((4, 32))
mlp(params, x, out)  # expect-also: TC105
print("mlp out", out.to_numpy().sum())
