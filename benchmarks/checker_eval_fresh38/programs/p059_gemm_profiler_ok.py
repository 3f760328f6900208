"""Profile tilert.kernels GEMM shapes with events, FlashAttention-benchmark style."""

import argparse
import functools
import statistics

import numpy as np

import tilert as tr
import tilert.kernels as tk


def time_op(make, stream: tr.Stream, reps: int) -> float:
    make().sync_on(stream)  # warm-up (and the tuner, on a GPU)
    samples = []
    for _ in range(reps):
        start = stream.record()
        pending = make().submit(stream)
        end = stream.record()
        pending.wait()
        end.synchronize()
        samples.append(start.elapsed_ms(end))
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args(argv)
    stream = tr.Stream()
    rng = np.random.default_rng(20)
    for m, n, k in [(32, 32, 32), (64, 16, 128)]:
        a = tr.from_numpy(rng.standard_normal((m, k)).astype(np.float32))
        b = tr.from_numpy(rng.standard_normal((k, n)).astype(np.float32))
        c = tr.empty((m, n))
        ms = time_op(functools.partial(tk.gemm, c, a, b), stream, args.reps)
        err = float(np.abs(c.to_numpy() - a.to_numpy() @ b.to_numpy()).max())
        flops = 2 * m * n * k / (ms * 1e-3) if ms > 0 else float("nan")
        print(f"gemm {m}x{n}x{k}: {ms:.3f} ms, {flops / 1e9:.2f} GFLOP/s, max err {err:.1e}")


if __name__ == "__main__":
    main([])
