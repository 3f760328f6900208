"""Probe (raw cuda.tile, no tilert): does loading a GEMV's first weight tile BEFORE the
programmatic-dependent-launch wait hide the fixed cost each decode GEMV pays (measured in a
step's context: about 2.2 us + bytes / 2.85 TB/s)?

A chain of 144 GEMVs over distinct bf16 weights, the Qwen3-4B decode's four shapes per layer
(q 4096x2560 -> o 2560x4096 -> up 9728x2560 -> down 2560x9728, each reading the vector the one
before wrote), captured once in a CUDA graph and replayed; per variant:
``plain`` (no dependent launch), ``wait_first`` (wait + trigger first thing, tilert's lowering
today), ``prefetch1`` / ``prefetch2`` (the first one / two weight tiles loaded, then wait +
trigger; cuTile 1.7 schedules TMA loads after the wait, so ``*_ldg`` load them with
``allow_tma=False``, which its SASS issues before the wait), for a few tilings. Prints us per
GEMV, GB/s of weights and the fraction of a device
copy's bandwidth measured in the same run; writes ``$OUT/pdl_prefetch.json`` when OUT is set.

    python benchmarks/gpu_probe_pdl_prefetch.py"""

# mypy: ignore-errors
# ruff: noqa: E501, B023

from __future__ import annotations

import json
import os
import traceback

import cuda.tile as ct
import torch

LAYERS = 36
SHAPES = [(4096, 2560), (2560, 4096), (9728, 2560), (2560, 9728)]
TILINGS = [(16, 512), (32, 256), (8, 1024)]
REPLAYS = 20


@ct.kernel
def plain(out, w, x, bn: ct.Constant[int], bk: ct.Constant[int]):
    i = ct.bid(0)
    acc = ct.zeros((bn, bk), ct.float32)
    for k in range(ct.cdiv(w.shape[1], bk)):
        a = ct.astype(
            ct.load(w, index=(i, k), shape=(bn, bk), padding_mode=ct.PaddingMode.ZERO), ct.float32
        )
        v = ct.astype(
            ct.reshape(
                ct.load(x, index=(k,), shape=(bk,), padding_mode=ct.PaddingMode.ZERO), (1, bk)
            ),
            ct.float32,
        )
        acc = acc + a * v
    ct.store(out, index=(i,), tile=ct.astype(ct.sum(acc, axis=1), out.dtype))


@ct.kernel
def wait_first(out, w, x, bn: ct.Constant[int], bk: ct.Constant[int]):
    ct.grid_dependency_control_wait()
    ct.grid_dependency_control_launch_dependents()
    i = ct.bid(0)
    acc = ct.zeros((bn, bk), ct.float32)
    for k in range(ct.cdiv(w.shape[1], bk)):
        a = ct.astype(
            ct.load(w, index=(i, k), shape=(bn, bk), padding_mode=ct.PaddingMode.ZERO), ct.float32
        )
        v = ct.astype(
            ct.reshape(
                ct.load(x, index=(k,), shape=(bk,), padding_mode=ct.PaddingMode.ZERO), (1, bk)
            ),
            ct.float32,
        )
        acc = acc + a * v
    ct.store(out, index=(i,), tile=ct.astype(ct.sum(acc, axis=1), out.dtype))


@ct.kernel
def prefetch1(out, w, x, bn: ct.Constant[int], bk: ct.Constant[int]):
    i = ct.bid(0)
    a0 = ct.astype(
        ct.load(w, index=(i, 0), shape=(bn, bk), padding_mode=ct.PaddingMode.ZERO), ct.float32
    )
    ct.grid_dependency_control_wait()
    ct.grid_dependency_control_launch_dependents()
    v0 = ct.astype(
        ct.reshape(ct.load(x, index=(0,), shape=(bk,), padding_mode=ct.PaddingMode.ZERO), (1, bk)),
        ct.float32,
    )
    acc = a0 * v0
    for k in range(1, ct.cdiv(w.shape[1], bk)):
        a = ct.astype(
            ct.load(w, index=(i, k), shape=(bn, bk), padding_mode=ct.PaddingMode.ZERO), ct.float32
        )
        v = ct.astype(
            ct.reshape(
                ct.load(x, index=(k,), shape=(bk,), padding_mode=ct.PaddingMode.ZERO), (1, bk)
            ),
            ct.float32,
        )
        acc = acc + a * v
    ct.store(out, index=(i,), tile=ct.astype(ct.sum(acc, axis=1), out.dtype))


@ct.kernel
def prefetch2(out, w, x, bn: ct.Constant[int], bk: ct.Constant[int]):
    i = ct.bid(0)
    a0 = ct.astype(
        ct.load(w, index=(i, 0), shape=(bn, bk), padding_mode=ct.PaddingMode.ZERO), ct.float32
    )
    a1 = ct.astype(
        ct.load(w, index=(i, 1), shape=(bn, bk), padding_mode=ct.PaddingMode.ZERO), ct.float32
    )
    ct.grid_dependency_control_wait()
    ct.grid_dependency_control_launch_dependents()
    v0 = ct.astype(
        ct.reshape(ct.load(x, index=(0,), shape=(bk,), padding_mode=ct.PaddingMode.ZERO), (1, bk)),
        ct.float32,
    )
    v1 = ct.astype(
        ct.reshape(ct.load(x, index=(1,), shape=(bk,), padding_mode=ct.PaddingMode.ZERO), (1, bk)),
        ct.float32,
    )
    acc = a0 * v0 + a1 * v1
    for k in range(2, ct.cdiv(w.shape[1], bk)):
        a = ct.astype(
            ct.load(w, index=(i, k), shape=(bn, bk), padding_mode=ct.PaddingMode.ZERO), ct.float32
        )
        v = ct.astype(
            ct.reshape(
                ct.load(x, index=(k,), shape=(bk,), padding_mode=ct.PaddingMode.ZERO), (1, bk)
            ),
            ct.float32,
        )
        acc = acc + a * v
    ct.store(out, index=(i,), tile=ct.astype(ct.sum(acc, axis=1), out.dtype))


@ct.kernel
def prefetch1_ldg(out, w, x, bn: ct.Constant[int], bk: ct.Constant[int]):
    i = ct.bid(0)
    a0 = ct.astype(
        ct.load(w, index=(i, 0), shape=(bn, bk), padding_mode=ct.PaddingMode.ZERO, allow_tma=False),
        ct.float32,
    )
    ct.grid_dependency_control_wait()
    ct.grid_dependency_control_launch_dependents()
    v0 = ct.astype(
        ct.reshape(ct.load(x, index=(0,), shape=(bk,), padding_mode=ct.PaddingMode.ZERO), (1, bk)),
        ct.float32,
    )
    acc = a0 * v0
    for k in range(1, ct.cdiv(w.shape[1], bk)):
        a = ct.astype(
            ct.load(w, index=(i, k), shape=(bn, bk), padding_mode=ct.PaddingMode.ZERO), ct.float32
        )
        v = ct.astype(
            ct.reshape(
                ct.load(x, index=(k,), shape=(bk,), padding_mode=ct.PaddingMode.ZERO), (1, bk)
            ),
            ct.float32,
        )
        acc = acc + a * v
    ct.store(out, index=(i,), tile=ct.astype(ct.sum(acc, axis=1), out.dtype))


@ct.kernel
def prefetch2_ldg(out, w, x, bn: ct.Constant[int], bk: ct.Constant[int]):
    i = ct.bid(0)
    a0 = ct.astype(
        ct.load(w, index=(i, 0), shape=(bn, bk), padding_mode=ct.PaddingMode.ZERO, allow_tma=False),
        ct.float32,
    )
    a1 = ct.astype(
        ct.load(w, index=(i, 1), shape=(bn, bk), padding_mode=ct.PaddingMode.ZERO, allow_tma=False),
        ct.float32,
    )
    ct.grid_dependency_control_wait()
    ct.grid_dependency_control_launch_dependents()
    v0 = ct.astype(
        ct.reshape(ct.load(x, index=(0,), shape=(bk,), padding_mode=ct.PaddingMode.ZERO), (1, bk)),
        ct.float32,
    )
    v1 = ct.astype(
        ct.reshape(ct.load(x, index=(1,), shape=(bk,), padding_mode=ct.PaddingMode.ZERO), (1, bk)),
        ct.float32,
    )
    acc = a0 * v0 + a1 * v1
    for k in range(2, ct.cdiv(w.shape[1], bk)):
        a = ct.astype(
            ct.load(w, index=(i, k), shape=(bn, bk), padding_mode=ct.PaddingMode.ZERO), ct.float32
        )
        v = ct.astype(
            ct.reshape(
                ct.load(x, index=(k,), shape=(bk,), padding_mode=ct.PaddingMode.ZERO), (1, bk)
            ),
            ct.float32,
        )
        acc = acc + a * v
    ct.store(out, index=(i,), tile=ct.astype(ct.sum(acc, axis=1), out.dtype))


VARIANTS = {"plain": (plain, False), "wait_first": (wait_first, True)}
VARIANTS |= {"prefetch1": (prefetch1, True), "prefetch2": (prefetch2, True)}
VARIANTS |= {"prefetch1_ldg": (prefetch1_ldg, True), "prefetch2_ldg": (prefetch2_ldg, True)}


def copy_bandwidth() -> float:
    """Bytes/s of a device-to-device copy of 1 GiB (read + write), best of 10."""
    a = torch.empty(1 << 29, dtype=torch.float16, device="cuda")
    b = torch.empty_like(a)
    best = float("inf")
    for _ in range(10):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        b.copy_(a)
        e.record()
        e.synchronize()
        best = min(best, s.elapsed_time(e) / 1e3)
    return 2 * a.numel() * 2 / best


def main() -> None:
    torch.manual_seed(0)
    ws = [
        torch.randn(n, k, device="cuda", dtype=torch.bfloat16) * 0.02
        for _ in range(LAYERS)
        for n, k in SHAPES
    ]
    vecs = [torch.randn(2560, device="cuda", dtype=torch.bfloat16)]
    vecs += [torch.empty(w.shape[0], device="cuda", dtype=torch.bfloat16) for w in ws]
    nbytes = sum(w.numel() * 2 for w in ws)
    copy = copy_bandwidth()
    print(
        f"device copy {copy / 1e12:.3f} TB/s; {len(ws)} GEMVs, {nbytes / 1e9:.2f} GB of weights",
        flush=True,
    )
    rows = []
    reference = None
    stream = torch.cuda.Stream()
    for bn, bk in TILINGS:
        for name, (kernel, pdl) in VARIANTS.items():
            try:

                def step():
                    s = torch.cuda.current_stream().cuda_stream
                    for j, w in enumerate(ws):
                        grid = (-(-w.shape[0] // bn), 1, 1)
                        ct.launch(
                            s,
                            grid,
                            kernel,
                            (vecs[j + 1], w, vecs[j], bn, bk),
                            programmatic_dependent_launch=pdl,
                        )

                with torch.cuda.stream(stream):
                    step()  # compile, warm
                torch.cuda.synchronize()
                result = vecs[-1].float().clone()
                if reference is None:
                    reference = result
                err = ((result - reference).abs().max() / reference.abs().max()).item()
                g = torch.cuda.CUDAGraph()
                with torch.cuda.graph(g, stream=stream):
                    step()
                g.replay()
                torch.cuda.synchronize()
                best = float("inf")
                for _ in range(3):
                    s, e = (
                        torch.cuda.Event(enable_timing=True),
                        torch.cuda.Event(enable_timing=True),
                    )
                    s.record()
                    for _ in range(REPLAYS):
                        g.replay()
                    e.record()
                    e.synchronize()
                    best = min(best, s.elapsed_time(e) / 1e3 / REPLAYS)
                us = best / len(ws) * 1e6
                fixed = us - nbytes / len(ws) / copy * 1e6
                row = {
                    "variant": name,
                    "bn": bn,
                    "bk": bk,
                    "step_ms": best * 1e3,
                    "us_per_gemv": us,
                    "GBps": nbytes / best / 1e9,
                    "vs_copy": nbytes / best / copy,
                    "us_over_copy": fixed,
                    "rel_err_vs_first": err,
                }
                rows.append(row)
                print(
                    f"bn={bn:3d} bk={bk:5d} {name:11s} step {best * 1e3:7.3f} ms  {us:6.2f} us/GEMV  "
                    f"{row['GBps']:7.1f} GB/s  {row['vs_copy']:.3f} of copy  +{fixed:5.2f} us  err {err:.1e}",
                    flush=True,
                )
            except Exception:  # a probe: report and go on
                print(f"bn={bn} bk={bk} {name}: FAILED\n{traceback.format_exc()}", flush=True)
    if os.environ.get("OUT"):
        with open(os.path.join(os.environ["OUT"], "pdl_prefetch.json"), "w") as f:
            json.dump({"copy_Bps": copy, "bytes": nbytes, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
