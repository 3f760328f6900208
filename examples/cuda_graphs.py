"""CUDA graphs: record a model's forward pass once, replay it many times. Each layer is four
launches (RMSNorm, a matrix-vector product, a residual add, a copy back into the input), so a
step of a 4-layer model is 16 kernels; replaying the graph launches them all at once, without
the host's per-launch work (on the GPU, one ``cuGraphLaunch``). Each replay reads the input
that the last replay's final copy wrote, as a decoder's steps do.

The same ``forward`` builds the ops for both runs: synced one by one (eager) or recorded into
``tr.graph()``. The graph hands its tensors from op to op and holds them until it is closed."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32

EPS = 1e-6


@tr.kernel
def rms_norm(
    out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], w: Shared[Tensor[f32]], eps: float
) -> None:
    d = out.tile_shape[1]
    t = tl.load_tile_like(x, out)
    scale = tl.rsqrt(tl.sum(t * t, axis=1, keepdims=True) / d + eps)
    out.store(t * scale * tl.reshape(w.load_tile((d,), (0,)), (1, d)))


@tr.kernel
def matvec(
    out: Mutable[Tensor[f32]], w: Shared[Tensor[f32]], x: Shared[Tensor[f32]], bk: Const[int]
) -> None:
    (i,) = out.index
    (bn,) = out.tile_shape
    acc = tl.zeros((bn, bk), tl.f32)
    for k in range(tl.cdiv(w.shape[1], bk)):
        acc = acc + w.load_tile((bn, bk), (i, k)) * x.load_tile((1, bk), (0, k))
    out.store(tl.sum(acc, axis=1))


@tr.kernel
def add(out: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(a, out) + tl.load_tile_like(b, out))


@tr.kernel
def copy(out: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(src, out))


class Layer(NamedTuple):
    norm_weight: Tensor[f32]  # [d]
    wq: Tensor[f32]  # [d, d]
    norm: Tensor[f32]  # [1, d], the buffers the layer's kernels write
    q: Tensor[f32]  # [d]
    total: Tensor[f32]  # [d]


def forward(x: Tensor[f32], layers: list[Layer], run: Callable[[tr.Op], object]) -> None:
    """One step: each layer's ops, made one at a time and handed to ``run``."""
    d = x.shape[0]
    for layer in layers:
        run(rms_norm(layer.norm.partition((1, d)), x.reshape(1, d), layer.norm_weight, EPS))
        run(matvec(layer.q.partition((64,)), layer.wq, layer.norm, 64))
        run(add(layer.total.partition((256,)), x, layer.q))
        run(copy(x.partition((256,)), layer.total))


def reference(
    x: npt.NDArray[Any], weights: list[tuple[npt.NDArray[Any], npt.NDArray[Any]]], steps: int
) -> npt.NDArray[Any]:
    x = x.astype(np.float64)
    for _ in range(steps):
        for norm_weight, wq in weights:
            x = x + wq @ (x / np.sqrt(np.mean(x * x) + EPS) * norm_weight)
    return x


def main() -> None:
    gpu = tr.Device().kind == "cuda"
    d, n_layers, steps = (2048, 16, 32) if gpu else (256, 4, 8)
    rng = np.random.default_rng(12)
    weights = [
        (
            (1 + 0.1 * rng.standard_normal(d)).astype(np.float32),
            (rng.standard_normal((d, d)) / np.sqrt(d)).astype(np.float32),
        )
        for _ in range(n_layers)
    ]
    layers = [
        Layer(
            tr.from_numpy(nw), tr.from_numpy(wq), tr.empty((1, d)), tr.empty((d,)), tr.empty((d,))
        )
        for nw, wq in weights
    ]
    x0 = rng.standard_normal(d).astype(np.float32)

    x = tr.from_numpy(x0)
    with tr.graph() as g:
        forward(x, layers, g.record)  # recorded, not run
    g.launch().wait()  # the first launch captures the CUDA graph on the GPU
    start = time.perf_counter()
    for _ in range(steps - 1):
        g.launch().wait()
    graph_ms = (time.perf_counter() - start) * 1e3 / (steps - 1)
    g.close()  # only now are x and the layers' buffers free again
    from_graph = x.to_numpy()

    x = tr.from_numpy(x0)
    forward(x, layers, lambda op: op.sync())
    start = time.perf_counter()
    for _ in range(steps - 1):
        forward(x, layers, lambda op: op.sync())
    eager_ms = (time.perf_counter() - start) * 1e3 / (steps - 1)

    expect = reference(x0, weights, steps)
    error = float(np.max(np.abs(from_graph - expect)) / np.max(np.abs(expect)))
    tol = 1e-4  # relative to the largest value: f32 through 4 kernels per layer and step
    same = bool(np.array_equal(from_graph, x.to_numpy()))
    ok = error <= tol and same
    print(
        f"cuda_graphs: {len(g)} kernels per step captured once, {steps} steps replayed: "
        f"{graph_ms:.2f} ms a step (eager launches: {eager_ms:.2f} ms, wall clock here); "
        f"graph equals eager: {same}; max relative error {error:.1e} against numpy (tolerance "
        f"{tol:.0e}): {'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError(f"cuda_graphs: max error {error:.1e}, graph equals eager: {same}")


if __name__ == "__main__":
    main()
