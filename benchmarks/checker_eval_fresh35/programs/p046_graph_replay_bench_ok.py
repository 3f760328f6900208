"""Compare eager launches with a captured graph for a 3-kernel step."""

import time

import numpy as np
from tilekit import accumulate, mul, scale

import tilert as tr

N = 1 << 14
x = tr.from_numpy(np.random.default_rng(0).random(N, dtype=np.float32))
gain = tr.full((N,), 0.5)
t1, t2 = tr.empty((N,)), tr.empty((N,))
acc = tr.zeros((N,))


def step(run):
    run(mul(t1.partition((1024,)), x, gain))
    run(scale(t2.partition((1024,)), t1, 2.0))
    run(accumulate(acc.partition((1024,)), t2))


def eager(iters):
    start = time.perf_counter()
    for _ in range(iters):
        step(lambda op: op.sync())
    return (time.perf_counter() - start) / iters


def graphed(iters):
    with tr.graph() as g:
        step(g.record)
    g.launch().wait()
    start = time.perf_counter()
    for _ in range(iters):
        g.launch().wait()
    elapsed = (time.perf_counter() - start) / iters
    g.close()
    return elapsed


e = eager(10)
g = graphed(10)
print(f"eager {e * 1e3:.2f} ms/step, graph {g * 1e3:.2f} ms/step, acc[0]={acc.to_numpy()[0]:.3f}")
