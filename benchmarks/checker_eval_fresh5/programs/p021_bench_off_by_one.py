"""A benchmark harness that keeps each iteration's Pending and waits all but the last one."""

from __future__ import annotations

import time

from llmdeck.kernels import axpy

import tilert as tr

N = 256


class Bench:
    def __init__(self, iters: int) -> None:
        self.iters = iters
        self.x = tr.ones((N,))
        self.ys = [tr.zeros((N,)) for _ in range(iters)]
        self.pendings: list[tr.Pending] = []

    def launch_all(self) -> None:
        for y in self.ys:
            self.pendings.append(axpy(y.partition((64,)), self.x, 1.0).submit())  # expect: TC108

    def measure(self) -> float:
        t0 = time.perf_counter()
        self.launch_all()
        for p in self.pendings[:-1]:
            p.wait()
        return (time.perf_counter() - t0) / self.iters


print(f"{Bench(5).measure() * 1e6:.1f} us per launch")  # expect-also
