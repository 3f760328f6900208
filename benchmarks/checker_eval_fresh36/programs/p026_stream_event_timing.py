"""Benchmarking a kernel with events on a side stream: each repetition is submitted on the
stream without waiting for the last, so the output is partitioned while it is still written."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def bench_softmax(rows: int, cols: int, reps: int = 10) -> float:
    x = tr.from_numpy(np.random.default_rng(9).standard_normal((rows, cols)).astype(np.float32))
    out = tr.empty((rows, cols))
    for _ in range(3):
        tk.softmax(out, x).sync()
    stream = tr.Stream()
    start = stream.record()
    pend = []
    for _ in range(reps):
        pend.append(tk.softmax(out, x).submit(stream))  # expect: TC102
    end = stream.record()
    end.synchronize()
    for p in pend:
        p.wait()
    return start.elapsed_ms(end) / reps


for shape in [(8, 256), (32, 512)]:
    print(shape, f"{bench_softmax(*shape):.3f} ms")  # expect-also: TC102
