"""Stages typed by a Protocol; the residual stage accumulates into its output."""

from typing import Protocol

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class Stage(Protocol):
    def __call__(self, out: tr.Tensor, x: tr.Tensor) -> tr.Op: ...


class Residual:
    def __call__(self, out: tr.Tensor, x: tr.Tensor) -> tr.Op:
        return K.accum(H.tiles(out), x)


class Relu:
    def __call__(self, out: tr.Tensor, x: tr.Tensor) -> tr.Op:
        return K.relu(H.tiles(out), x)


def run(stages: list[Stage], out: tr.Tensor, x: tr.Tensor) -> None:
    for stage in stages:
        stage(out, x).sync()


hidden = H.upload(np.arange(32) - 8.0)
out = H.upload(np.ones(32))
run([Residual(), Relu()], out, hidden)
assert np.allclose(out.to_numpy(), np.maximum(np.arange(32) - 8.0, 0))
