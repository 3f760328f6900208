"""A launch helper taking *tensors and returning their plans as list(map(tiles, ...)); the
caller unpacks the output's, the gate's and the input's plans."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


def planned(*tensors: tr.Tensor) -> list[tr.Partition]:
    return list(map(tiles, tensors))


class Gate:
    def __init__(self) -> None:
        self.gate = upload(np.linspace(0.0, 1.0, N), name="gate")

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        out = tr.zeros(N, name="gated")
        out_p, gate_p, x_p = planned(out, self.gate, x)
        K.mul(out_p, gate_p, x_p).sync()  # expect: TC106
        return out


if __name__ == "__main__":
    print(Gate()(upload(np.ones(N), name="x")).to_numpy()[:4])
