"""Warm up, then time, an elementwise kernel built by a small helper."""

import time

from servekit import TILE, mul

import tilert as tr

N = 4096


def make_op(out: tr.Tensor, a: tr.Tensor, b: tr.Tensor) -> tr.Op:
    return mul(out.partition((TILE,)), a, b)


a, b, out = tr.ones((N,)), tr.full((N,), 3.0), tr.empty((N,))
for _ in range(2):
    make_op(out, a, b).sync()
t0 = time.perf_counter()
for _ in range(5):
    make_op(out, a, b).sync()
print(f"mul: {(time.perf_counter() - t0) / 5 * 1e3:.3f} ms")
