"""Per-layer launches with every Pending kept under its own key by dict.update in the layer loop,
the whole dict waited at the end."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


def run_layers(x: tr.Tensor, weights: list[tr.Tensor]) -> list[tr.Tensor]:
    outs = [tr.zeros(N, name=f"kv{i}") for i in range(len(weights))]
    latest: dict[str, tr.Pending] = {}
    for out, w in zip(outs, weights, strict=True):
        latest.update({f"kv{len(latest)}": K.mul(tiles(out), x, w).submit()})
    for pending in latest.values():
        pending.wait()
    return outs


if __name__ == "__main__":
    x = upload(np.full(N, 2.0), name="x")
    ws = [upload(np.full(N, float(i + 1)), name=f"w{i}") for i in range(3)]
    print([float(o.to_numpy()[0]) for o in run_layers(x, ws)])
