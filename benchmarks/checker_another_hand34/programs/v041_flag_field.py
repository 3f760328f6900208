"""An activation module with an in_place flag kept on the instance: the output is the input
itself when in_place, a fresh tensor otherwise."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


class ReLU:
    def __init__(self, in_place: bool = False) -> None:
        self.in_place = in_place

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        if self.in_place:
            out = x
        else:
            out = tr.empty(x.shape[0], name="relu_out")
        K.relu(tiles(out), x).sync()  # expect: TC101
        return out


if __name__ == "__main__":
    act = ReLU(in_place=True)
    y = act(upload(np.linspace(-1.0, 1.0, N), name="x"))  # expect-also
    print(float(y.to_numpy().min()))
