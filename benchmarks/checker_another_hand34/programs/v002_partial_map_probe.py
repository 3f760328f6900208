"""Per-layer update probes: a functools.partial of an RMS helper mapped over the outputs and
drawn into a dict before the optimizer's launches are waited."""

from __future__ import annotations

import functools

import numpy as np

from vkit import kernels as K
from vkit.host import tiles, upload, wait_all

N = 256
LAYERS = ("attn", "mlp", "norm")


def rms(name: str, t, eps: float) -> tuple[str, float]:
    return name, float(np.sqrt(np.mean(t.to_numpy() ** 2) + eps))  # expect: TC102


def train_step(grads, outs, lr: float) -> dict[str, float]:
    pendings = [K.scale(tiles(o), g, -lr).submit() for o, g in zip(outs, grads, strict=True)]
    probe = functools.partial(rms, eps=1e-8)
    report = dict(map(probe, LAYERS, outs))  # expect-also
    wait_all(pendings)
    return report


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    grads = [upload(rng.standard_normal(N), name=f"g_{n}") for n in LAYERS]
    outs = [upload(np.zeros(N), name=f"upd_{n}") for n in LAYERS]
    report = train_step(grads, outs, 1e-2)
    print({k: round(v, 5) for k, v in report.items()})
