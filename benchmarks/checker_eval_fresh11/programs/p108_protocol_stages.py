"""Pipeline stages typed by a Protocol: each submits and returns its Pending; the runner waits
each before handing on the host value."""

from __future__ import annotations

from typing import Protocol

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


class Stage(Protocol):
    out: tr.Tensor

    def start(self, x: tr.Tensor) -> tr.Pending: ...


class Scale:
    def __init__(self, n: int, a: float) -> None:
        self.out = tr.zeros((n,))
        self.a = a

    def start(self, x: tr.Tensor) -> tr.Pending:
        return K.scale(tiles(self.out), x, self.a).submit()


class Relu:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,))

    def start(self, x: tr.Tensor) -> tr.Pending:
        return K.relu(tiles(self.out), x).submit()


def run(stages: list[Stage], x: tr.Tensor) -> float:
    for stage in stages:
        stage.start(x).wait()
        x = stage.out
    return float(x.to_numpy().sum())


xh = np.linspace(-1, 1, 128, dtype=np.float32)
total = run([Scale(128, -2.0), Relu(128), Scale(128, 0.5)], tr.from_numpy(xh))
expected = float(np.maximum(-2 * xh, 0).sum() * 0.5)
assert abs(total - expected) < 1e-3, (total, expected)
