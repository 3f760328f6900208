"""Capture one decode step (gemv then residual add) in a graph and replay it."""

import numpy as np
from servekit import TILE, add

import tilert as tr
import tilert.kernels as tk

D = 256


def build_step(x: tr.Tensor, w: tr.Tensor, out: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        proj = tr.empty((D,))  # expect: TC111
        g.record(tk.gemv(proj, w, x))
        g.record(add(out.partition((TILE,)), proj, x))
    return g


def main() -> None:
    rng = np.random.default_rng(6)
    w = tr.from_numpy((rng.standard_normal((D, D)) / np.sqrt(D)).astype(np.float32))
    x = tr.from_numpy(rng.standard_normal(D).astype(np.float32))
    out = tr.zeros((D,))
    g = build_step(x, w, out)  # expect-also: TC111
    for _ in range(4):
        g.launch().wait()
    g.close()
    print("out[:4] =", out.to_numpy()[:4])


if __name__ == "__main__":
    main()
