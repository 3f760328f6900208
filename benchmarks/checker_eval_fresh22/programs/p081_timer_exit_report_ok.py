"""A timing context manager that reports a checksum of the output on exit; the body waits."""

import time

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class Timed:
    def __init__(self, label: str, out: tr.Tensor) -> None:
        self.label, self.out = label, out
        self.checksum = float("nan")

    def __enter__(self) -> "Timed":
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        ms = (time.perf_counter() - self.t0) * 1e3
        self.checksum = float(self.out.to_numpy().sum())
        print(f"{self.label}: {ms:.2f} ms, checksum {self.checksum:.3f}")


x = upload(np.ones(4096))
out = tr.zeros((4096,), name="out")
with Timed("scale", out) as t:
    pending = K.scale(tiles(out), x, 0.5).submit()
    pending.wait()
assert t.checksum == 2048.0
