"""Prefetching the next chunk every iteration, including past the last one, and never
waiting for that final prefetch."""

from llmhost.kernels import axpy, copy

import tilert as tr


def run(chunks):
    staging = [tr.zeros((64,)), tr.zeros((64,))]
    acc = tr.zeros((64,))
    pending = copy(staging[0].partition((16,)), chunks[0]).submit()
    for i in range(len(chunks)):
        pending.wait()
        nxt = chunks[(i + 1) % len(chunks)]
        pending = copy(staging[(i + 1) % 2].partition((16,)), nxt).submit()  # expect: TC108
        axpy(acc.partition((16,)), staging[i % 2], 1.0).sync()
    return acc


result = run([tr.full((64,), float(i)) for i in range(4)])
print(result.to_numpy()[0])
