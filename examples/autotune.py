"""Autotuning: ``@tr.autotune`` runs a host function once per config, times each config's op
and keeps the fastest, per key (here the shapes and dtypes of ``out`` and ``x``). The host
function builds one op from one ``tr.Config``: tile sizes go into the partition, compiler
options into ``kernel.with_options(...)``. A config the compiler or the launch refuses is
skipped and listed. The first call for a key tunes; later calls reuse its choice.

On the GPU each config compiles once and is timed on the device, replayed from a graph; under
the interpreter the times are numpy's wall clock, which says little about a GPU, so the winner
here is not the GPU's. The library's kernels are tuned this way (``tk.GEMM_CONFIGS`` and the
others, docs/kernels.md). ``cache=False`` keeps this example's choices off the disk;
examples/disk_cache.py shows the on-disk cache that makes them last across runs."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

EPS = 1e-6


@tr.kernel
def rms_norm(
    out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], w: Shared[Tensor[f32]], eps: float
) -> None:
    bc = out.tile_shape[1]
    t = tl.load_tile_like(x, out)
    scale = tl.rsqrt(tl.sum(t * t, axis=1, keepdims=True) / x.shape[1] + eps)
    out.store(t * scale * tl.reshape(w.load_tile((bc,), (0,)), (1, bc)))


CONFIGS = [
    tr.Config(rows=1, occupancy=4),
    tr.Config(rows=2, occupancy=2),
    tr.Config(rows=4, occupancy=1),
]


@tr.autotune(configs=CONFIGS, key=["out", "x"], cache=False)
def tuned_rms_norm(
    cfg: tr.Config, out: Tensor[f32], x: Tensor[f32], w: Tensor[f32], eps: float
) -> tr.Op:
    cols = 1 << (x.shape[1] - 1).bit_length()  # a row per tile row, padded to a power of two
    kernel = rms_norm.with_options(occupancy=cfg.occupancy)
    return kernel(out.partition((cfg.rows, cols)), x, w, eps)


def main() -> None:
    rows, cols = (16384, 1024) if tr.Device().kind == "cuda" else (256, 500)
    rng = np.random.default_rng(13)
    xs = rng.standard_normal((rows, cols)).astype(np.float32)
    ws = (1 + 0.1 * rng.standard_normal(cols)).astype(np.float32)
    x, w = tr.from_numpy(xs), tr.from_numpy(ws)
    out = tr.empty((rows, cols), dtype=f32)

    tuned_rms_norm(out, x, w, EPS).sync()  # the first call for this key tunes, then runs
    for cfg, result in tuned_rms_norm.last_tuning:
        shown = f"{result * 1e6:.1f} us" if isinstance(result, float) else f"failed: {result}"
        print(f"    {cfg}: {shown}")
    best = tuned_rms_norm.best_config(out, x, w, EPS)  # remembered: no tuning this time
    tuned_rms_norm(out, x, w, EPS).sync()

    expect = xs / np.sqrt(np.mean(xs.astype(np.float64) ** 2, axis=1, keepdims=True) + EPS) * ws
    error = float(np.max(np.abs(out.to_numpy() - expect)))
    tol = 1e-5
    ok = error <= tol
    print(
        f"autotune: rms_norm of {rows}x{cols} f32 over {len(CONFIGS)} configs, chose {best}: "
        f"max error {error:.1e} against numpy (tolerance {tol:.0e}): {'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError(f"autotune: max error {error:.1e} > {tol:.0e}")


if __name__ == "__main__":
    main()
