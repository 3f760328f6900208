"""A subclass overrides finish() and forgets the base class's statistics write."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import copy, fill

import tilert as tr

N = 256


class Layer:
    def __init__(self) -> None:
        self.out = tr.zeros((N,))
        self.stats = tr.zeros((64,))
        self.stats_pending: tr.Pending | None = None
        self.out_pending: tr.Pending | None = None

    def start(self, x: tr.Tensor) -> None:
        self.stats_pending = fill(self.stats.partition((64,)), 0.0).submit()  # expect: TC108
        self.out_pending = copy(self.out.partition((64,)), x).submit()

    def finish(self) -> np.ndarray:
        assert self.stats_pending is not None and self.out_pending is not None
        self.stats_pending.wait()
        self.out_pending.wait()
        return self.out.to_numpy()


class FastLayer(Layer):
    def finish(self) -> np.ndarray:
        assert self.out_pending is not None
        self.out_pending.wait()
        return self.out.to_numpy()


def run_once(x: tr.Tensor) -> float:
    layer = FastLayer()
    layer.start(x)  # expect-also
    return float(layer.finish()[0])


def main() -> None:
    print(run_once(tr.full((N,), 3.0)))


if __name__ == "__main__":
    main()
