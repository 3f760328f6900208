"""Row-wise normalizations over the last axis of ``[rows, cols]``: softmax, layernorm and
rmsnorm (with the fused residual add). They accumulate in f32 whatever the tensors' dtype.

Rows of up to ``cfg.chunk`` columns are one tile per block (``bm`` rows of ``pow2(cols)``),
loaded once; longer rows are walked in chunks by a persistent block per row tile
(``out.partition((bm, chunk)).mapped(blocks=row_tiles, order=tr.grouped(row_tiles))`` hands
block ``b`` the chunks of row tile ``b``, in order), with carried statistics (online softmax,
Chan's merge of means and squared deviations). A config's ``variant`` picks other bodies
(``VARIANTS``, ``norm_variants.py``: softmax in base 2, persistent loops over row tiles) and
its ``occupancy``/``num_worker_warps`` the compiler's options; ``plan`` reads a config."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor
from tilert.kernel import Kernel
from tilert.kernels import norm_variants as nv
from tilert.kernels._common import (
    T,
    chain_writes,
    choose,
    float_dtype,
    on_gpu,
    pow2,
    rank,
    shape,
    specialize,
    writes,
)
from tilert.ops import Op

# Chosen from benchmarks/gpu_probe_rows.py on the H100 (4096x8192 f16, against a device copy of
# the same bytes; results/2026-11-26-h100-rows-probe-17f3471.json): a whole-row tile per block
# at occupancy 4 (the compiler then keeps 64 registers a thread: four blocks stream at once
# where one filled the register file), softmax in base 2: softmax 0.94, rmsnorm 0.96,
# layernorm 0.93 of the copy (the best of the three configs before: 0.34, 0.72, 0.60). The
# rest cover other shapes; the tuner picks per shape.
CONFIGS = [
    tr.Config(variant="rows_exp2", occupancy=4),
    tr.Config(variant="rows_exp2", occupancy=3),
    tr.Config(variant="rows", bm=2, occupancy=2),
    tr.Config(variant="loop"),
    tr.Config(variant="loop", occupancy=2, waves=2),
    tr.Config(variant="chunks_exp2", chunk=2048, occupancy=4),
    tr.Config(block=4096, chunk=8192),
    tr.Config(block=1024, chunk=8192),
    tr.Config(block=16384, chunk=16384),
]


# -- kernels (generic in T; see _common.specialize) -------------------------------------------
def softmax_rows(out: Mutable[Tensor[T]], x: Shared[Tensor[T]]) -> None:
    bc = out.tile_shape[1]
    t = tl.astype(tl.load_tile_like(x, out), tl.f32)
    valid = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0) < x.shape[1]
    t = tl.where(valid, t, float("-inf"))
    e = tl.where(valid, tl.exp(t - tl.max(t, axis=1, keepdims=True)), 0.0)
    out.store(e / tl.sum(e, axis=1, keepdims=True))


def softmax_chunks(out: Mutable[Tensor[T]], x: Shared[Tensor[T]]) -> None:
    bm, bc = out.tile_shape
    cols = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0)
    m = tl.full((bm, 1), float("-inf"), tl.f32)
    s = tl.zeros((bm, 1), tl.f32)
    for idx in out.tiles():
        _, c = idx
        valid = cols + c * bc < x.shape[1]
        t = tl.where(valid, tl.astype(tl.load_tile_like(x, out, at=idx), tl.f32), float("-inf"))
        m_new = tl.maximum(m, tl.max(t, axis=1, keepdims=True))
        e = tl.where(valid, tl.exp(t - m_new), 0.0)
        s = s * tl.exp(m - m_new) + tl.sum(e, axis=1, keepdims=True)
        m = m_new
    for jdx in out.tiles():
        t = tl.astype(tl.load_tile_like(x, out, at=jdx), tl.f32)
        out.store(tl.exp(t - m) / s, at=jdx)


def layernorm_rows(
    out: Mutable[Tensor[T]],
    x: Shared[Tensor[T]],
    w: Shared[Tensor[T]],
    b: Shared[Tensor[T]],
    eps: float,
) -> None:
    bc = out.tile_shape[1]
    n = x.shape[1]
    t = tl.astype(tl.load_tile_like(x, out), tl.f32)  # zeros past the row's end
    valid = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0) < n
    mean = tl.sum(t, axis=1, keepdims=True) / n
    d = tl.where(valid, t - mean, 0.0)
    rstd = tl.rsqrt(tl.sum(d * d, axis=1, keepdims=True) / n + eps)
    wt = tl.astype(tl.reshape(w.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    bt = tl.astype(tl.reshape(b.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    out.store(d * rstd * wt + bt)


def layernorm_chunks(
    out: Mutable[Tensor[T]],
    x: Shared[Tensor[T]],
    w: Shared[Tensor[T]],
    b: Shared[Tensor[T]],
    eps: float,
) -> None:
    bm, bc = out.tile_shape
    n = x.shape[1]
    cols = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0)
    count = tl.zeros((1, 1), tl.f32)
    mean = tl.zeros((bm, 1), tl.f32)
    m2 = tl.zeros((bm, 1), tl.f32)
    for idx in out.tiles():  # Chan et al.: merge each chunk's mean and squared deviations
        _, c = idx
        valid = cols + c * bc < n
        t = tl.astype(tl.load_tile_like(x, out, at=idx), tl.f32)
        nb = tl.sum(tl.where(valid, 1.0, 0.0), axis=1, keepdims=True)
        mb = tl.sum(t, axis=1, keepdims=True) / nb
        d = tl.where(valid, t - mb, 0.0)
        total = count + nb
        delta = mb - mean
        mean = mean + delta * (nb / total)
        m2 = m2 + tl.sum(d * d, axis=1, keepdims=True) + delta * delta * (count * nb / total)
        count = total
    rstd = tl.rsqrt(m2 / n + eps)
    for jdx in out.tiles():
        _, c = jdx
        t = tl.astype(tl.load_tile_like(x, out, at=jdx), tl.f32)
        wt = tl.astype(tl.reshape(w.load_tile((bc,), (c,)), (1, bc)), tl.f32)
        bt = tl.astype(tl.reshape(b.load_tile((bc,), (c,)), (1, bc)), tl.f32)
        out.store((t - mean) * rstd * wt + bt, at=jdx)


def rmsnorm_rows(
    out: Mutable[Tensor[T]], x: Shared[Tensor[T]], w: Shared[Tensor[T]], eps: float
) -> None:
    bc = out.tile_shape[1]
    t = tl.astype(tl.load_tile_like(x, out), tl.f32)  # zeros past the end add nothing
    rstd = tl.rsqrt(tl.sum(t * t, axis=1, keepdims=True) / x.shape[1] + eps)
    wt = tl.astype(tl.reshape(w.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    out.store(t * rstd * wt)


def rmsnorm_residual_rows(
    out: Mutable[Tensor[T]],
    res: Mutable[Tensor[T]],
    x: Shared[Tensor[T]],
    w: Shared[Tensor[T]],
    eps: float,
) -> None:
    bc = out.tile_shape[1]
    h = tl.astype(tl.load_tile_like(x, out), tl.f32) + tl.astype(res.load(), tl.f32)
    res.store(h)
    h = tl.astype(tl.astype(h, res.dtype), tl.f32)  # normalize what the residual now holds
    rstd = tl.rsqrt(tl.sum(h * h, axis=1, keepdims=True) / x.shape[1] + eps)
    wt = tl.astype(tl.reshape(w.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    out.store(h * rstd * wt)


def rmsnorm_chunks(
    out: Mutable[Tensor[T]], x: Shared[Tensor[T]], w: Shared[Tensor[T]], eps: float
) -> None:
    bm, bc = out.tile_shape
    ss = tl.zeros((bm, 1), tl.f32)
    for idx in out.tiles():
        t = tl.astype(tl.load_tile_like(x, out, at=idx), tl.f32)
        ss = ss + tl.sum(t * t, axis=1, keepdims=True)
    rstd = tl.rsqrt(ss / x.shape[1] + eps)
    for jdx in out.tiles():
        _, c = jdx
        t = tl.astype(tl.load_tile_like(x, out, at=jdx), tl.f32)
        wt = tl.astype(tl.reshape(w.load_tile((bc,), (c,)), (1, bc)), tl.f32)
        out.store(t * rstd * wt, at=jdx)


def add_into(res: Mutable[Tensor[T]], x: Shared[Tensor[T]]) -> None:
    res.store(tl.astype(res.load(), tl.f32) + tl.astype(tl.load_tile_like(x, res), tl.f32))


# -- launches ---------------------------------------------------------------------------------
Tiling = Literal["rows", "loop", "chunks"]


@dataclass(frozen=True)
class Variant:
    """A way to walk ``[rows, cols]``, named by a config's ``variant``: its tiling and each
    op's kernel body. ``rows``: a block per tile of ``bm`` whole rows; ``loop``: ``waves`` x
    the SM count persistent blocks walk those tiles; ``chunks``: a persistent block per row
    tile walks it in ``chunk``-column pieces, twice. ``hinted``: the bodies take the loads'
    latency hint last (the config's ``latency``). ``long``: the variant of rows longer than
    the config's ``chunk`` (a whole row per tile would not fit)."""

    tiling: Tiling
    softmax: Callable[..., None]
    rmsnorm: Callable[..., None]
    layernorm: Callable[..., None]
    hinted: bool = False
    long: str = "chunks"


VARIANTS: dict[str, Variant] = {
    "rows": Variant("rows", softmax_rows, rmsnorm_rows, layernorm_rows),
    "chunks": Variant("chunks", softmax_chunks, rmsnorm_chunks, layernorm_chunks),
    # softmax in base 2 with one reciprocal per row (the norms' bodies are the plain ones)
    "rows_exp2": Variant(
        "rows", nv.softmax_rows_exp2, rmsnorm_rows, layernorm_rows, long="chunks_exp2"
    ),
    "chunks_exp2": Variant("chunks", nv.softmax_chunks_exp2, rmsnorm_chunks, layernorm_chunks),
    "loop": Variant(
        "loop", nv.softmax_loop, nv.rmsnorm_loop, nv.layernorm_loop, long="chunks_exp2"
    ),
    "loop_lat": Variant(
        "loop",
        nv.softmax_loop_lat,
        nv.rmsnorm_loop_lat,
        nv.layernorm_loop_lat,
        hinted=True,
        long="chunks_exp2",
    ),
}
# what a config leaves out: the tiling of the first configs (a block per tile of whole rows,
# chunks past 8192 columns), the compiler's own occupancy and warps
DEFAULTS: dict[str, Any] = {"variant": "rows", "block": 4096, "chunk": 8192, "waves": 1}


@dataclass(frozen=True)
class Plan:
    """One config applied to one ``[rows, cols]``: the variant (its ``long`` one past
    ``chunk``), the tile (``bm`` rows by ``bc`` columns), the kernel options and hint."""

    variant: Variant
    bm: int
    bc: int
    blocks: int | None  # persistent blocks of a ``loop`` or ``chunks`` tiling
    options: dict[str, int]
    hint: tuple[int, ...]  # the latency hint, for a hinted variant

    def kernel(self, body: Callable[..., None], dtype: type[Any]) -> Kernel:
        return specialize(body, T=dtype).with_options(**self.options)

    def partition(self, out: Tensor[Any]) -> tr.Partition[Any]:
        part = out.partition((self.bm, self.bc))
        if self.variant.tiling == "chunks":  # block b walks row tile b's chunks, in order
            assert self.blocks is not None
            return part.mapped(blocks=self.blocks, order=tr.grouped(self.blocks))
        if self.variant.tiling == "loop":
            assert self.blocks is not None
            return part.mapped(blocks=self.blocks)
        return part


def plan(cfg: tr.Config, rows: int, cols: int) -> Plan:
    """What ``cfg`` means for a ``rows x cols`` input. Its values (all optional; ``DEFAULTS``
    fill them): ``variant`` (a key of ``VARIANTS``), ``block`` (elements of a tile: ``bm`` is
    ``block // pow2(cols)``) or ``bm`` (rows per tile), ``chunk`` (columns of a chunk, and the
    longest row a whole-row tile takes), ``waves`` (a ``loop``'s persistent blocks per SM),
    ``latency`` (a hinted variant's), ``occupancy`` and ``num_worker_warps`` (cuTile's)."""
    values = {**DEFAULTS, **cfg.as_dict()}
    name = values["variant"]
    if name not in VARIANTS:
        raise ValueError(f"{cfg}: variant {name!r} is not one of {', '.join(VARIANTS)}")
    variant = VARIANTS[name]
    chunk = int(values["chunk"])
    if variant.tiling != "chunks" and cols > chunk:
        variant = VARIANTS[variant.long]
    bc = min(chunk, pow2(cols)) if variant.tiling == "chunks" else pow2(cols)
    wanted = int(values["bm"]) if "bm" in values else int(values["block"]) // bc
    bm = max(1, min(pow2(wanted), pow2(rows), 64))
    tiles = -(-rows // bm)
    blocks = None
    if variant.tiling == "chunks":
        blocks = tiles
    elif variant.tiling == "loop":
        blocks = max(1, min(tiles, int(values["waves"]) * tr.Device().sm_count))
    options = {
        k: int(values[k]) for k in ("occupancy", "num_worker_warps") if values.get(k) is not None
    }
    hint: tuple[int, ...] = ()
    if variant.hinted:
        if values.get("latency") is None:
            raise ValueError(f"{cfg}: variant {name!r} takes a `latency` hint (1 to 10)")
        hint = (int(values["latency"]),)
    return Plan(variant, bm, bc, blocks, options, hint)


def _rows(what: str, out: Tensor[Any], x: Tensor[Any], *more: Tensor[Any]) -> type[Any]:
    dt = float_dtype(what, out, x, *more)
    rows, cols = rank(what, x, 2)
    shape(f"{what} out", out, (rows, cols))
    for t in more:
        shape(f"{what} weight", t, (cols,))
    return dt


@tr.autotune(configs=CONFIGS, key=["out", "x"])
def _softmax(cfg: tr.Config, out: Tensor[Any], x: Tensor[Any]) -> Op:
    p = plan(cfg, *x.shape)
    return p.kernel(p.variant.softmax, x.dtype)(p.partition(out), x, *p.hint)


@writes("out")
def softmax(out: Tensor[Any], x: Tensor[Any], *, config: tr.Config | None = None) -> Op:
    """``out = softmax(x)`` over the last axis. ``x, out: [rows, cols]``, f16, bf16 or f32
    (one dtype); computed in f32. ``config``: one of ``CONFIGS`` instead of the tuned one, or
    any ``tr.Config`` of the values ``plan`` reads (``variant``, ``bm``, ``occupancy``...)."""
    _rows("softmax", out, x)
    return choose(_softmax, config, out, x)


@tr.autotune(configs=CONFIGS, key=["out", "x"])
def _layernorm(
    cfg: tr.Config, out: Tensor[Any], x: Tensor[Any], w: Tensor[Any], b: Tensor[Any], eps: float
) -> Op:
    p = plan(cfg, *x.shape)
    return p.kernel(p.variant.layernorm, x.dtype)(p.partition(out), x, w, b, eps, *p.hint)


@writes("out")
def layernorm(
    out: Tensor[Any],
    x: Tensor[Any],
    weight: Tensor[Any],
    bias: Tensor[Any],
    eps: float = 1e-5,
    *,
    config: tr.Config | None = None,
) -> Op:
    """``out = (x - mean) / sqrt(var + eps) * weight + bias`` over the last axis (biased
    variance, as torch's). ``x, out: [rows, cols]``, ``weight, bias: [cols]``, all f16, bf16
    or f32 (one dtype); statistics in f32."""
    _rows("layernorm", out, x, weight, bias)
    return choose(_layernorm, config, out, x, weight, bias, eps)


@tr.autotune(configs=CONFIGS, key=["out", "x"])
def _rmsnorm(cfg: tr.Config, out: Tensor[Any], x: Tensor[Any], w: Tensor[Any], eps: float) -> Op:
    p = plan(cfg, *x.shape)
    return p.kernel(p.variant.rmsnorm, x.dtype)(p.partition(out), x, w, eps, *p.hint)


@writes("out", "residual")
def rmsnorm(
    out: Tensor[Any],
    x: Tensor[Any],
    weight: Tensor[Any],
    eps: float = 1e-6,
    residual: Tensor[Any] | None = None,
    *,
    config: tr.Config | None = None,
) -> Op:
    """``out = x / sqrt(mean(x**2) + eps) * weight`` over the last axis. ``x, out: [rows,
    cols]``, ``weight: [cols]``, f16, bf16 or f32 (one dtype); computed in f32.

    With ``residual`` (``[rows, cols]``, the same dtype), the fused add of a transformer
    block: ``residual += x`` in place, then ``out = rmsnorm(residual)`` (of the stored, rounded
    sum); ``residual`` is then a second output, written by the op."""
    _rows("rmsnorm", out, x, weight)
    if residual is None:
        return choose(_rmsnorm, config, out, x, weight, eps)
    _rows("rmsnorm residual", residual, x)
    # the tuner's trials would add x into the residual once per run: pick the tiling from the
    # plain rmsnorm's choice (its trials write only ``out``); whole rows take the fused body
    # (one block per row tile, the config's options), chunked rows an add, then the norm
    cfg = config or (_rmsnorm.best_config(out, x, weight, eps) if on_gpu() else CONFIGS[0])
    p = plan(cfg, *x.shape)
    if p.variant.tiling != "chunks":
        k = p.kernel(rmsnorm_residual_rows, x.dtype)
        return k(out.partition((p.bm, p.bc)), residual.partition((p.bm, p.bc)), x, weight, eps)
    add = specialize(add_into, T=x.dtype)
    norm = p.kernel(p.variant.rmsnorm, x.dtype)
    first: Op = add(residual.partition((p.bm, p.bc)), x)
    return chain_writes(first.then(lambda *_: norm(p.partition(out), residual, weight, eps)), out)
