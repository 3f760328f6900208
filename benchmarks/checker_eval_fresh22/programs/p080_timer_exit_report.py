"""A timing context manager that reports a checksum of the output on exit."""

import time

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class Timed:
    def __init__(self, label: str, out: tr.Tensor) -> None:
        self.label, self.out = label, out

    def __enter__(self) -> "Timed":
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        ms = (time.perf_counter() - self.t0) * 1e3
        checksum = float(self.out.to_numpy().sum())  # expect: TC102
        print(f"{self.label}: {ms:.2f} ms, checksum {checksum:.3f}")


x = upload(np.ones(4096))
out = tr.zeros((4096,), name="out")
with Timed("scale", out):  # expect-also
    pending = K.scale(tiles(out), x, 0.5).submit()
pending.wait()
