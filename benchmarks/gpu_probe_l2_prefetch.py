"""Probe: does HBM kept busy during a layer's attention speed up the decode step (issue 20)?

The attention phase of a Qwen3 decode layer (q/k norm + RoPE + cache row, split, combine: about
11 us) is a chain of memory latencies that moves little data, while the GEMVs around it stream
their weights at the copy's rate. A CUDA C++ kernel launched right after the layer's q/k/v GEMV
issues ``cp.async.bulk.prefetch.L2`` for the o projection's weights (21 MB) and, optionally, the
first rows of gate and of up (what the gate/up GEMV's first blocks read): the fills run while the
attention does, and the GEMVs after it read L2. Random Qwen3-4B weights, a 512-token prompt, 128
decoded tokens in the benchmark's 4232-position cache, each variant twice, alternated, in one
process; greedy tokens compared across variants. Writes ``$OUT/l2_prefetch.json`` if OUT is set.

    TILERT_BACKEND=cutile python benchmarks/gpu_probe_l2_prefetch.py"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpu_bench_qwen3 import engine_decode, profile_step

import tilert as tr
import tilert.kernels as tk
from tilert import Mutable, Shared, Tensor, bf16, i32, i64
from tilert.models.qwen3 import Qwen3
from tilert.models.qwen3.config import SIZES
from tilert.models.qwen3.weights import random_weights
from tilert.ops import Op
from tilert.signature import ParamKind

PREFETCH = r"""
extern "C" __global__ void l2_prefetch(int* sink, const unsigned char* o, long long o_bytes,
                                       const unsigned char* gu, long long up_at,
                                       long long gu_bytes) {
    const long long chunk = 16384;
    long long n_o = (o_bytes + chunk - 1) / chunk, n_g = (gu_bytes + chunk - 1) / chunk;
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n_o + 2 * n_g;
         i += stride) {
        const unsigned char* p;
        long long left;
        if (i < n_o) { p = o + i * chunk; left = o_bytes - i * chunk; }
        else {
            long long j = i - n_o, half = j / n_g, k = j % n_g;
            p = gu + half * up_at + k * chunk; left = gu_bytes - k * chunk;
        }
        unsigned size = (unsigned)(left < chunk ? left : chunk);
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" :: "l"(p), "r"(size) : "memory");
    }
}
"""
PARAMS = {
    "sink": Mutable[Tensor[i32]],
    "o": Shared[Tensor[bf16]],
    "o_bytes": i64,
    "gu": Shared[Tensor[bf16]],
    "up_at": i64,
    "gu_bytes": i64,
}
prefetch = tr.cuda_kernel(PREFETCH, "l2_prefetch", params=PARAMS, block=128)


class SideBranch(type(prefetch)):  # type: ignore[misc]
    """The prefetch launched on a side stream forked from the step's stream (a concurrent
    branch of the captured graph), joined back at the end of the step by ``join``."""

    side: Any = None

    def _run(self, values: tuple[Any, ...], grid: tuple[int, ...], stream: Any) -> None:
        from tilert.cuda import nvrtc, streams

        if SideBranch.side is None:
            SideBranch.side = streams.create_stream()
        side = streams.handle_of(SideBranch.side)
        streams.order_after(side, stream.cuda_handle())  # fork
        args: list[object] = []
        for p, v in zip(self.params, values, strict=True):
            if p.kind is ParamKind.MUTABLE:
                args.append(np.uint64(v.tensor._device_pointer(dense=True)))
            elif p.kind is ParamKind.SHARED:
                args.append(np.uint64(v._device_pointer(dense=True)))
            else:
                args.append(v)
        nvrtc.launch(self, args, grid, side)


JOIN = r"""extern "C" __global__ void join(int* sink) {}"""


class Join(type(prefetch)):  # type: ignore[misc]
    """The step's stream waits for the side branch (an empty kernel after the wait)."""

    def _run(self, values: tuple[Any, ...], grid: tuple[int, ...], stream: Any) -> None:
        from tilert.cuda import streams

        if SideBranch.side is not None:
            streams.order_after(stream.cuda_handle(), streams.handle_of(SideBranch.side))
        super()._run(values, grid, stream)


side_prefetch = SideBranch(PREFETCH, "l2_prefetch", PARAMS, 128)
join = Join(JOIN, "join", {"sink": Mutable[Tensor[i32]]}, 32)


class Prefetching(Qwen3):
    """The engine's step with the prefetch launched after each layer's q/k/v GEMV."""

    def __init__(
        self,
        weights: object,
        max_seq: int,
        prefetch_o: bool,
        gate_up_bytes: int,
        side: bool,
        next_bytes: int = 0,
    ):
        self.next_bytes = next_bytes  # of the next GEMV's weights, forked before each GEMV
        self.kernel = side_prefetch if side else prefetch
        self.side = side
        self.prefetch_o = prefetch_o
        self.gate_up_bytes = gate_up_bytes  # of gate, and as many of up
        self._sink = tr.zeros((36,), dtype=i32)
        self._joined = tr.zeros((1,), dtype=i32)
        super().__init__(weights, max_seq=max_seq)  # type: ignore[arg-type]

    def _step_ops(self) -> Iterator[Op]:
        c, w, s = self.config, self.weights, self.step
        eps = c.rms_norm_eps
        sink = self._sink
        yield tk.embedding(s.res_a_row, w.embed, s.token)
        for i, layer in enumerate(w.layers):
            k, v = self.cache.layer(i)
            yield tk.gemv_rmsnorm(s.qkv, layer.qkv, s.res_a, layer.attn_norm, eps)
            o_bytes = layer.o.nbytes if self.prefetch_o else 0
            up_at = layer.gate_up.nbytes // 2  # where up starts, in bytes
            yield self.kernel(
                sink.partition((1,)),
                layer.o,
                np.int64(o_bytes),
                layer.gate_up,
                np.int64(up_at),
                np.int64(self.gate_up_bytes),
            )
            yield tk.qk_norm_rope_cache(
                s.q, k, v, s.qkv, layer.q_norm, layer.k_norm, s.position, eps=eps,
                theta=c.rope_theta,
            )  # fmt: skip
            yield tk.decode_attention_at(s.attn, s.q, k, v, s.position, workspace=s.workspace)
            yield from self._next(layer.gate_up, halves=True)
            yield tk.gemv_residual(s.res_b, layer.o, s.attn_flat, self._residual(s.res_a))
            yield from self._next(layer.down)
            yield tk.gemv_rmsnorm_silu(s.act, layer.gate_up, s.res_b, layer.mlp_norm, eps)
            if i + 1 < len(w.layers):
                yield from self._next(w.layers[i + 1].qkv)
            yield tk.gemv_residual(s.res_a, layer.down, s.act, self._residual(s.res_b))
        yield from self._step_head()
        if self.side:
            yield join(self._joined.partition((1,)))

    def _next(self, weight: Tensor[bf16], halves: bool = False) -> Iterator[Op]:
        """The first ``next_bytes`` of ``weight`` (of each half of a gate/up pair) on the side
        branch, before the GEMV ahead of the one that reads it."""
        if not self.next_bytes:
            return
        n = np.int64(self.next_bytes)
        zero = np.int64(0)
        if halves:
            half = np.int64(weight.nbytes // 2)
            yield self.kernel(self._sink.partition((1,)), weight, zero, weight, half, n // 2)
        else:
            yield self.kernel(self._sink.partition((1,)), weight, n, weight, zero, zero)


def main() -> None:
    weights = random_weights(SIZES["4B"], tr.bf16, 0)
    prompt = [int(t) for t in np.random.default_rng(0).integers(0, 151936, 512)]
    mb = 1 << 20
    variants: dict[str, tuple[bool, int, bool, int] | None] = {
        "none": None,
        "side: o": (True, 0, True, 0),
        "side: o, next 2 MB": (True, 0, True, 2 * mb),
        "side: o, next 4 MB": (True, 0, True, 4 * mb),
        "side: o, next 8 MB": (True, 0, True, 8 * mb),
        "side: next 4 MB": (False, 0, True, 4 * mb),
    }
    if "--profile" in sys.argv:  # each kernel's time in a step, without and with o's prefetch
        profile_step(Qwen3(weights, max_seq=4232), prompt)
        profile_step(Prefetching(weights, 4232, True, 0, True), prompt)
        return
    rates: dict[str, list[float]] = {n: [] for n in variants}
    tokens: dict[str, list[int]] = {}
    for _ in range(2):
        for name, how in variants.items():
            if how is None:
                engine: Qwen3 = Qwen3(weights, max_seq=4232)
            else:
                engine = Prefetching(weights, 4232, *how)
            seconds, toks = engine_decode(engine, prompt, 128)
            rates[name].append(round(1 / seconds, 2))
            tokens.setdefault(name, toks)
            same = toks == tokens["none"]
            print(f"{name:28s} {1 / seconds:7.1f} tokens/s  tokens as none: {same}", flush=True)
            del engine
    summary = {n: max(r) for n, r in rates.items()}
    print(json.dumps(summary))
    if os.environ.get("OUT"):
        path = Path(os.environ["OUT"]) / "l2_prefetch.json"
        same = {n: t == tokens["none"] for n, t in tokens.items()}
        path.write_text(json.dumps({"rates": rates, "same_tokens": same}, indent=1))


if __name__ == "__main__":
    main()
