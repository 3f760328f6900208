"""Micro-benchmark: warm up, then time 20 runs, each a new op."""

import time

from llmdelta import add

import tilert as tr

N = 1 << 14
a, b, c = tr.ones((N,)), tr.ones((N,)), tr.empty((N,))


def launch():
    return add(c.partition((1024,)), a, b)


for _ in range(3):
    launch().sync()
start = time.perf_counter()
for _ in range(20):
    launch().sync()
print(f"{(time.perf_counter() - start) / 20 * 1e6:.1f} us")
assert (c.to_numpy() == 2.0).all()
