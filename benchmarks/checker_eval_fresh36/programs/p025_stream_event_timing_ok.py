"""Benchmarking a kernel with events on a side stream, FlashAttention-benchmark style: warmup,
then timed repetitions between two recorded events, then the result is checked."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def bench_softmax(rows: int, cols: int, reps: int = 10) -> float:
    x = tr.from_numpy(np.random.default_rng(9).standard_normal((rows, cols)).astype(np.float32))
    out = tr.empty((rows, cols))
    for _ in range(3):
        tk.softmax(out, x).sync()
    stream = tr.Stream()
    with stream:
        start = stream.record()
        for _ in range(reps):
            tk.softmax(out, x).sync()
        end = stream.record()
    end.synchronize()
    np.testing.assert_allclose(out.to_numpy().sum(axis=1), 1.0, rtol=1e-4)
    return start.elapsed_ms(end) / reps


for shape in [(8, 256), (32, 512)]:
    print(shape, f"{bench_softmax(*shape):.3f} ms")
