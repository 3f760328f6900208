"""Row-wise kernels on the GPU: softmax and RMSNorm over the rows of a (rows, width) f32 matrix,
each block normalizing a tile of whole rows. Rows per tile and ``occupancy`` are chosen by
``@tr.autotune`` (they matter: on the H100 they move softmax between 0.5 and 2.6 TB/s). Inside
one process: tilert (replayed from a ``tr.graph``) against the same kernel written directly in
cuda.tile with the same choice, against torch (``torch.softmax``,
``torch.nn.functional.rms_norm``) and against a device-to-device copy of the same bytes (the
bandwidth roof: each reads the matrix once and writes it once).

Rows ``<kernel>-vs-{raw-cutile,torch,copy}-<rows>x<width>`` in GB/s (higher is better), each
with the chosen ``config``. ``benchmarks/gpu_bench.py --only rows`` runs them; the kernels and
the tuned launches also run under the interpreter (tests/tilert/test_bench_rows.py)."""

from __future__ import annotations

from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

SHAPES = ((16384, 1024), (4096, 4096))  # (rows, width): 64 MB each
EPS = 1e-6


@tr.kernel
def softmax_rows(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    row = tl.load_tile_like(x, out)
    num = tl.exp(row - tl.max(row, axis=1, keepdims=True))
    out.store(num / tl.sum(num, axis=1, keepdims=True))


@tr.kernel
def rmsnorm_rows(
    out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], w: Shared[Tensor[f32]], eps: float
) -> None:
    row = tl.load_tile_like(x, out)
    width = out.tile_shape[1]
    mean_square = tl.sum(row * row, axis=1, keepdims=True) / width
    weight = w.load_tile((1, width), (0, 0))
    out.store(row * tl.rsqrt(mean_square + eps) * weight)


CONFIGS = [tr.Config(rows=r, occupancy=o) for r in (1, 2, 4, 8) for o in (2, 4)]


@tr.autotune(configs=CONFIGS, key=["x"])
def softmax(cfg: tr.Config, out: Tensor[f32], x: Tensor[f32]) -> tr.Op:
    kernel = softmax_rows.with_options(occupancy=cfg.occupancy)
    return kernel(out.partition((cfg.rows, x.shape[1])), x)


@tr.autotune(configs=CONFIGS, key=["x"])
def rmsnorm(cfg: tr.Config, out: Tensor[f32], x: Tensor[f32], w: Tensor[f32]) -> tr.Op:
    kernel = rmsnorm_rows.with_options(occupancy=cfg.occupancy)
    return kernel(out.partition((cfg.rows, x.shape[1])), x, w, EPS)


def bench_rows(results: list[dict[str, Any]]) -> None:
    """Append the softmax and RMSNorm rows for each shape of ``SHAPES``."""
    for rows, width in SHAPES:
        _bench_shape(results, rows, width)


def _bench_shape(results: list[dict[str, Any]], rows: int, width: int) -> None:
    import cuda.tile as ct  # type: ignore[import-not-found,import-untyped,unused-ignore]
    import torch
    from gpu_bench_gemm import comparison, graph_loop, timed
    from gpu_rows_raw import raw_rmsnorm, raw_softmax

    h = torch.cuda.current_stream().cuda_stream
    tsync = torch.cuda.synchronize
    tx = torch.randn(rows, width, device="cuda")
    tw = torch.rand(1, width, device="cuda") + 0.5
    x, w = tr.from_dlpack(tx), tr.from_dlpack(tw)
    out = tr.empty((rows, width))
    tout = torch.empty_like(tx)
    src, dst = torch.empty_like(tx), torch.empty_like(tx)
    moved = 2 * rows * width * 4  # the matrix read once and written once

    def raw(kernel: Any, cfg: tr.Config, *args: Any) -> Any:
        """The raw kernel with the tuned config, as a launch closure."""
        variant = kernel.replace_hints(occupancy=cfg.occupancy)
        grid = (-(-rows // cfg.rows), 1, 1)
        return lambda: ct.launch(h, grid, variant, (tout, tx, *args, cfg.rows, width))

    cases = {
        "softmax": (
            lambda: softmax(out, x),
            softmax.best_config(out, x),
            lambda cfg: raw(raw_softmax, cfg),
            lambda: torch.softmax(tx, dim=1, out=tout),
            torch.softmax(tx, dim=1),
        ),
        "rmsnorm": (
            lambda: rmsnorm(out, x, w),
            rmsnorm.best_config(out, x, w),
            lambda cfg: raw(raw_rmsnorm, cfg, tw, EPS),
            lambda: tout.copy_(torch.nn.functional.rms_norm(tx, (width,), tw[0], EPS)),
            torch.nn.functional.rms_norm(tx, (width,), tw[0], EPS),
        ),
    }
    for name, (ours_op, cfg, make_raw, torch_fn, expected) in cases.items():
        ours_op().sync()
        torch.testing.assert_close(torch.from_dlpack(out), expected, rtol=1e-4, atol=1e-5)
        raw_launch = make_raw(cfg)
        raw_launch()
        tsync()
        torch.testing.assert_close(tout, expected, rtol=1e-4, atol=1e-5)
        run, sync, g = graph_loop(ours_op, 1)
        t = timed(
            {
                "ours": (run, sync),
                "raw": (raw_launch, tsync),
                "torch": (torch_fn, tsync),
                "copy": (lambda: dst.copy_(src), tsync),
            },
            50,
        )
        g.close()
        gbs = {k: moved / s / 1e9 for k, s in t.items()}
        for base, label in (("raw", "raw-cutile"), ("torch", "torch"), ("copy", "copy")):
            row = comparison(
                f"{name}-vs-{label}-{rows}x{width}", gbs["ours"], gbs[base], "GB/s", True
            )
            row["config"] = repr(cfg)
            results.append(row)
