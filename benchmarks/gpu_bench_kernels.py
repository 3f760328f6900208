"""tilert.kernels on the GPU, each comparison inside one process: the library's kernels (tuned
by ``@tr.autotune`` on first use) against torch's and against a device-to-device copy of the
bytes the kernel must move (the memory-bound kernels' roofline). Prints a table and writes
``<out>/<date>-<gpu>-kernels.json`` (the rows as ``gpu_bench.py`` writes them).

Rows (``ratio``: ours relative to the baseline, higher is better):
``softmax|rmsnorm|layernorm-vs-copy`` and ``-vs-torch`` (4096x8192 f16, GB/s of the input read
and the output written), ``gemv-vs-copy`` (16384x16384 f16, GB/s), ``attention-vs-torch-sdpa``
and ``attention-causal-vs-torch-sdpa`` (f16, 32 heads, seq 4096, head_dim 128, TFLOP/s; causal
counts half the products), ``decode-attention-vs-copy`` (32 query heads on 8 KV heads, 32768
positions, GB/s of the cache read), ``persistent-gemm-vs-cublas-<dt>-<size>`` (TFLOP/s, with
the tuner's choice in ``config``; ``persistent-gemm-vs-cublas`` repeats f16 8192).

Ours is timed as replays of a ``tr.graph()`` (``gpu_bench_gemm.graph_loop``), torch's calls
and the copy directly, rounds interleaved (``gpu_bench_gemm.timed``). The autotune cache is a
fresh temporary folder unless ``TILERT_CACHE_DIR`` is set, so the rows say what the tuner picks
on this device today.

Run on the GPU machine:  TILERT_BACKEND=cutile python benchmarks/gpu_bench_kernels.py --out DIR"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from bench_record import commit, write
from gpu_bench_gemm import comparison, graph_loop, timed

import tilert as tr
import tilert.kernels as tk
from tilert.kernels import flash as tk_flash
from tilert.kernels import matmul as tk_matmul

ROOT = Path(__file__).resolve().parent.parent
DT = {"f16": tr.f16, "bf16": tr.bf16, "f32": tr.f32}


def _pair(shape: tuple[int, ...], dt: str, seed: int, scale: float = 1.0) -> tuple[Any, Any]:
    """A tilert tensor of normal values and a CUDA torch tensor of the same values and dtype."""
    import torch

    a = (np.random.default_rng(seed).standard_normal(shape) * scale).astype(DT[dt].np_dtype)
    t = torch.from_numpy(a.astype(np.float32)).cuda()
    t = t.to({"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}[dt])
    return tr.from_numpy(a), t


def _check(what: str, got: tr.Tensor[Any], ref: Any, tol: float) -> None:
    import torch

    g = torch.from_numpy(got.to_numpy().astype(np.float32)).cuda()
    r = ref.float()
    err = ((g - r).abs().max() / max(1.0, r.abs().max().item())).item()
    assert err <= tol, f"{what}: relative error {err} against torch (over {tol})"


def _measure(
    ours: Callable[[], tr.Op], others: dict[str, Callable[[], Any]], iters: int
) -> dict[str, float]:
    """Seconds per run: ours as graph replays (its first call, outside the graph, tunes),
    the others called directly, each followed by a device synchronize."""
    import torch

    ours().sync()
    run, sync, g = graph_loop(ours, 1)
    cases = {"ours": (run, sync)}
    for name, fn in others.items():
        cases[name] = (fn, torch.cuda.synchronize)
    try:
        return timed(cases, iters)
    finally:
        sync()
        g.close()


def _copy(moved: int) -> Callable[[], Any]:
    """A device-to-device copy that moves ``moved`` bytes in all (half read, half written)."""
    import torch

    src = torch.empty(moved // 4, dtype=torch.float16, device="cuda")
    dst = torch.empty_like(src)
    return lambda: dst.copy_(src)


# -- row normalizations -----------------------------------------------------------------------
def bench_norms(results: list[dict[str, Any]], rows: int = 4096, cols: int = 8192) -> None:
    import torch
    import torch.nn.functional as F

    x, xt = _pair((rows, cols), "f16", 1)
    w, wt = _pair((cols,), "f16", 2)
    b, bt = _pair((cols,), "f16", 3)
    out = tr.empty((rows, cols), dtype=tr.f16)
    moved = 2 * rows * cols * 2  # the input read, the output written (f16)

    def rms(h: Any) -> Any:
        if hasattr(F, "rms_norm"):
            return F.rms_norm(h, (cols,), wt, 1e-6)
        return h * torch.rsqrt(h.float().pow(2).mean(-1, keepdim=True) + 1e-6).half() * wt

    cases: list[tuple[str, Callable[[], tr.Op], Callable[[], Any]]] = [
        ("softmax", lambda: tk.softmax(out, x), lambda: torch.softmax(xt, dim=-1)),
        ("rmsnorm", lambda: tk.rmsnorm(out, x, w, 1e-6), lambda: rms(xt)),
        (
            "layernorm",
            lambda: tk.layernorm(out, x, w, b, 1e-5),
            lambda: F.layer_norm(xt, (cols,), wt, bt, 1e-5),
        ),
    ]
    for name, ours, theirs in cases:
        t = _measure(ours, {"torch": theirs, "copy": _copy(moved)}, 200)
        _check(name, out, theirs(), 1e-2)
        gbs = lambda s: moved / s / 1e9  # noqa: E731
        tag = f"{rows}x{cols} f16"
        for row in (
            comparison(f"{name}-vs-copy", gbs(t["ours"]), gbs(t["copy"]), "GB/s", True),
            comparison(f"{name}-vs-torch", gbs(t["ours"]), gbs(t["torch"]), "GB/s", True),
        ):
            row["shape"] = tag
            results.append(row)


# -- GEMV -------------------------------------------------------------------------------------
def bench_gemv(results: list[dict[str, Any]], n: int = 16384) -> None:
    w, wt = _pair((n, n), "f16", 4, 0.05)
    x, xt = _pair((n,), "f16", 5)
    out = tr.empty((n,), dtype=tr.f16)
    moved = (n * n + 2 * n) * 2
    t = _measure(lambda: tk.gemv(out, w, x), {"copy": _copy(moved)}, 50)
    _check("gemv", out, wt.float() @ xt.float(), 1e-2)
    gbs = lambda s: moved / s / 1e9  # noqa: E731
    row = comparison("gemv-vs-copy", gbs(t["ours"]), gbs(t["copy"]), "GB/s", True)
    row["shape"] = f"{n}x{n} f16"
    results.append(row)


# -- attention --------------------------------------------------------------------------------
def bench_attention(
    results: list[dict[str, Any]], heads: int = 32, seq: int = 4096, d: int = 128
) -> None:
    import torch.nn.functional as F

    q, qt = _pair((1, heads, seq, d), "f16", 6)
    k, kt = _pair((1, heads, seq, d), "f16", 7)
    v, vt = _pair((1, heads, seq, d), "f16", 8)
    out = tr.empty((1, heads, seq, d), dtype=tr.f16)
    for causal in (False, True):

        def sdpa(causal: bool = causal) -> Any:
            return F.scaled_dot_product_attention(qt, kt, vt, is_causal=causal)

        t = _measure(lambda c=causal: tk.attention(out, q, k, v, causal=c), {"sdpa": sdpa}, 20)
        _check(f"attention causal={causal}", out, sdpa(), 2e-2)
        flops = 4.0 * heads * seq * seq * d / (2 if causal else 1)
        tf = lambda s, f=flops: f / s / 1e12  # noqa: E731
        name = "attention-causal-vs-torch-sdpa" if causal else "attention-vs-torch-sdpa"
        row = comparison(name, tf(t["ours"]), tf(t["sdpa"]), "TFLOP/s", True)
        row["shape"] = f"1x{heads}x{seq}x{d} f16"
        row["config"] = repr(
            tk_flash._attention.best_config(out, q, k, v, causal, 1 / math.sqrt(d))
        )
        results.append(row)


def bench_decode(
    results: list[dict[str, Any]], hq: int = 32, hk: int = 8, seq: int = 32768, d: int = 128
) -> None:
    import torch

    q, qt = _pair((hq, d), "f16", 9)
    kc, kt = _pair((hk, seq, d), "f16", 10)
    vc, vt = _pair((hk, seq, d), "f16", 11)
    out = tr.empty((hq, d), dtype=tr.f16)
    ws = tk.decode_workspace(q, kc)
    moved = 2 * hk * seq * d * 2
    t = _measure(
        lambda: tk.decode_attention(out, q, kc, vc, seq, workspace=ws), {"copy": _copy(moved)}, 100
    )
    kr, vr = kt.float().repeat_interleave(hq // hk, 0), vt.float().repeat_interleave(hq // hk, 0)
    p = torch.softmax(torch.einsum("hd,hsd->hs", qt.float(), kr) / math.sqrt(d), dim=-1)
    _check("decode_attention", out, torch.einsum("hs,hsd->hd", p, vr), 1e-2)
    gbs = lambda s: moved / s / 1e9  # noqa: E731
    row = comparison("decode-attention-vs-copy", gbs(t["ours"]), gbs(t["copy"]), "GB/s", True)
    row["shape"] = f"q {hq}x{d}, cache {hk}x{seq}x{d} f16"
    results.append(row)


# -- GEMM -------------------------------------------------------------------------------------
def bench_gemm(results: list[dict[str, Any]], size: int, dt: str) -> None:
    import torch

    a, at = _pair((size, size), dt, 12, 0.1)
    b, bt = _pair((size, size), dt, 13, 0.1)
    c = tr.empty((size, size), dtype=DT[dt])
    ref = torch.empty_like(at)
    t = _measure(
        lambda: tk.gemm(c, a, b),
        {"cublas": lambda: torch.matmul(at, bt, out=ref)},
        20 if size <= 4096 else 5,
    )
    _check(f"gemm {dt} {size}", c, ref, 1e-2)
    tf = lambda s: 2.0 * size**3 / s / 1e12  # noqa: E731
    row = comparison(
        f"persistent-gemm-vs-cublas-{dt}-{size}", tf(t["ours"]), tf(t["cublas"]), "TFLOP/s", True
    )
    row["config"] = repr(tk_matmul._gemm.best_config(c, a, b))
    results.append(row)
    if (dt, size) == ("f16", 8192):
        results.append({**row, "name": "persistent-gemm-vs-cublas"})


def bench_gemms(results: list[dict[str, Any]]) -> None:
    # issue 19 asks for both dtypes at both sizes
    for dt, size in (("f16", 4096), ("bf16", 4096), ("f16", 8192), ("bf16", 8192)):
        bench_gemm(results, size, dt)


GROUPS: dict[str, Callable[[list[dict[str, Any]]], None]] = {
    "norms": bench_norms,
    "gemv": bench_gemv,
    "attention": bench_attention,
    "decode": bench_decode,
    "gemm": bench_gemms,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results"))
    parser.add_argument("--only", default=",".join(GROUPS), help="comma-separated groups")
    args = parser.parse_args(argv)
    import cuda.tile as ct  # type: ignore[import-not-found,import-untyped,unused-ignore]
    import torch

    from tilert import backends

    assert backends.current().name == "cutile", backends.unavailable_reason("cutile")
    os.environ.setdefault("TILERT_CACHE_DIR", tempfile.mkdtemp(prefix="tilert-kernels-bench-"))
    results: list[dict[str, Any]] = []
    errors: list[str] = []
    for name in args.only.split(","):
        try:
            GROUPS[name.strip()](results)
        except Exception as exc:  # keep the other groups; report the failure
            traceback.print_exc()
            errors.append(f"{name}: {exc!r}")
    device = torch.cuda.get_device_name(0)
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    doc = {
        "device": device,
        "date": date,
        "commit": commit(),
        "comparisons": results,
        "errors": errors,
        "cuda_tile": getattr(ct, "__version__", "?"),
    }
    write(args.out, doc, device, "kernels")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
