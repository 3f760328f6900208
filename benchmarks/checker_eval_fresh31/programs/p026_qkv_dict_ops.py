"""Q, K and V projections kept as a dict of ops keyed by name."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D = 8, 32


def main() -> None:
    rng = np.random.default_rng(2)
    x = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32))
    weights = {n: tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32)) for n in "qkv"}
    outs = {n: tr.empty((T, D), name=n) for n in "qkv"}
    ops = {
        "q": tk.linear(outs["q"], x, weights["q"]),
        "k": tk.linear(outs["k"], x, weights["k"]),
        "v": tk.linear(outs["v"], x, weights["v"]),  # expect: TC105
    }
    for name in ("q", "k"):
        ops[name].sync()
    scores = outs["q"].to_numpy() @ outs["k"].to_numpy().T
    print("score range:", float(scores.min()), float(scores.max()))


main()
