"""A frozen dataclass batch of three tensors run through a small MLP-like sequence."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from llmdeck.kernels import add, mul, relu

import tilert as tr

N = 64


@dataclass(frozen=True)
class Batch:
    x: tr.Tensor
    gate: tr.Tensor
    out: tr.Tensor


def run(batch: Batch, tmp: tr.Tensor) -> None:
    mul(tmp.partition((16,)), batch.x, batch.gate).sync()
    relu(batch.out.partition((16,)), tmp).sync()
    add(tmp.partition((16,)), batch.out, batch.x).sync()


xs = np.linspace(-2, 2, N, dtype=np.float32)
b = Batch(tr.from_numpy(xs), tr.full((N,), 2.0), tr.zeros((N,)))
tmp = tr.zeros((N,))
run(b, tmp)
assert np.allclose(tmp.to_numpy(), np.maximum(2 * xs, 0) + xs)
