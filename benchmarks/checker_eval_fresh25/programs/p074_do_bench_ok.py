"""A do_bench-style helper (warm-up, repetitions, median) for library GEMMs."""

import statistics
from functools import partial

import numpy as np

import tilert as tr
import tilert.kernels as tk


def do_bench(fn, warmup: int = 2, rep: int = 5) -> float:
    for _ in range(warmup):
        fn().sync()
    stream = tr.current_stream()
    times = []
    for _ in range(rep):
        start = stream.record()
        fn().sync()
        end = stream.record()
        end.synchronize()
        times.append(start.elapsed_ms(end))
    return statistics.median(times)


for m, n, k in [(64, 64, 64), (128, 64, 32)]:
    rng = np.random.default_rng(m)
    a = tr.from_numpy(rng.standard_normal((m, k)).astype(np.float32))
    b = tr.from_numpy(rng.standard_normal((k, n)).astype(np.float32))
    c = tr.empty((m, n))
    ms = do_bench(partial(tk.gemm, c, a, b))
    np.testing.assert_allclose(c.to_numpy(), a.to_numpy() @ b.to_numpy(), rtol=1e-3, atol=1e-3)
    flops = 2 * m * n * k
    print(f"gemm {m}x{n}x{k}: {ms:.3f} ms, {flops / max(ms, 1e-9) / 1e9:.3f} TFLOP/s")
