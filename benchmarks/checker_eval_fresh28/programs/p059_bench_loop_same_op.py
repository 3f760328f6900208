"""Micro-benchmark: warm up, then time 20 runs of one op."""

import time

from llmdelta import add

import tilert as tr

N = 1 << 14
a, b, c = tr.ones((N,)), tr.ones((N,)), tr.empty((N,))

op = add(c.partition((1024,)), a, b)
for _ in range(3):
    op.sync()  # expect: TC110
start = time.perf_counter()
for _ in range(20):
    add(c.partition((1024,)), a, b).sync()
print(f"{(time.perf_counter() - start) / 20 * 1e6:.1f} us")
