"""Sweep tile sizes for axpy and report the fastest."""

import time

from servekit import axpy

import tilert as tr

N = 4096
x = tr.ones((N,))
y = tr.zeros((N,))

results = {}
for tile in (64, 128, 256, 512):
    part = y.partition((tile,))
    t0 = time.perf_counter()
    for _ in range(3):
        axpy(part, x, 0.5).sync()  # expect: TC109
    results[tile] = (time.perf_counter() - t0) / 3

best = min(results, key=results.__getitem__)
print(f"best tile {best}: {results[best] * 1e3:.3f} ms")
