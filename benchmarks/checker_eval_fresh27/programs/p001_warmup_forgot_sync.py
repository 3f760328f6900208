"""Kernel warm-up before timing: the loop builds the launches but never runs them."""

import time

from llmcove import add

import tilert as tr

N = 4096


def warmup(out: tr.Tensor, a: tr.Tensor, b: tr.Tensor, iters: int = 3) -> None:
    for _ in range(iters):
        add(out.partition((256,)), a, b)  # expect: TC105


def bench(out: tr.Tensor, a: tr.Tensor, b: tr.Tensor, iters: int = 10) -> float:
    start = time.perf_counter()
    for _ in range(iters):
        add(out.partition((256,)), a, b).sync()
    return (time.perf_counter() - start) / iters * 1e3


x = tr.arange(N)
y = tr.ones((N,))
z = tr.empty((N,))
warmup(z, x, y, iters=1)  # expect-also: TC105
print(f"add: {bench(z, x, y):.3f} ms")
