"""Benchmark harness: warm up, then time N iterations with events."""

import statistics
from collections.abc import Callable

from trainkit import TILE, add

import tilert as tr


def bench(make_op: Callable[[], tr.Op], iters: int = 10, warmup: int = 3) -> float:
    stream = tr.current_stream()
    for _ in range(warmup):
        make_op().submit().wait()
    samples = []
    for _ in range(iters):
        start = stream.record()
        pend = make_op().submit()
        end = stream.record()
        end.synchronize()
        pend.wait()
        samples.append(start.elapsed_ms(end))
    return statistics.median(samples)


a, b, out = tr.ones((1 << 14,)), tr.ones((1 << 14,)), tr.empty((1 << 14,))
ms = bench(lambda: add(out.partition((TILE,)), a, b))
print(f"add: {ms:.4f} ms")
