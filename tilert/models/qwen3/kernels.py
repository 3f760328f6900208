"""The engine's own kernels: the end of a decode step, greedy, in two launches, and random
weights made on the device (numpy would take minutes for 8 GB).

The end of a step: ``head`` is the LM head (``gemv_rmsnorm`` over the vocabulary) whose blocks
also write the largest logit of their rows and its index; ``pick`` reduces those (a few
thousand, one block) to the next token and advances the position the step reads on the
device. A one-block argmax over the 151936 logits would walk them one chunk at a time."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here,
# and a Const[int] used as an int takes an ignore.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32, i32
from tilert.kernels._common import T, choose, float_dtype, pow2, specialize
from tilert.ops import Op

HEAD_ROWS = 32  # logits per block of the head: fixes the number of partial results


def head_kernel(
    logits: Mutable[Tensor[T]],
    best: Mutable[Tensor[f32]],
    where: Mutable[Tensor[i32]],
    w: Shared[Tensor[T]],
    x: Shared[Tensor[T]],
    nw: Shared[Tensor[T]],
    eps: float,
    bk: Const[int],
) -> None:
    """Block ``i``: logits ``[i*bn, (i+1)*bn)`` of ``w @ (rmsnorm(x) * nw)`` (as
    ``gemv_rmsnorm``), the largest of them as stored (rounded to the logits' dtype, as an
    argmax of the logits would see them) and its index (the first of equals)."""
    i = logits.index[0]
    bn = logits.tile_shape[0]
    acc = tl.zeros((bn, bk), tl.f32)  # type: ignore[arg-type,unused-ignore]
    ss = tl.zeros((1, bk), tl.f32)  # type: ignore[arg-type,unused-ignore]
    for k in range(tl.cdiv(w.shape[1], bk)):
        xv = tl.astype(tl.reshape(x.load_tile((bk,), (k,)), (1, bk)), tl.f32)  # type: ignore[arg-type,unused-ignore]
        nv = tl.astype(tl.reshape(nw.load_tile((bk,), (k,)), (1, bk)), tl.f32)  # type: ignore[arg-type,unused-ignore]
        ss = ss + xv * xv
        acc = acc + tl.astype(w.load_tile((bn, bk), (i, k)), tl.f32) * (xv * nv)
    y = tl.sum(acc, axis=1) * tl.rsqrt(tl.sum(ss) / w.shape[1] + eps)
    logits.store(y)
    rows = tl.arange(bn, dtype=tl.i32) + i * bn
    stored = tl.astype(tl.astype(y, logits.dtype), tl.f32)
    stored = tl.where(rows < w.shape[0], stored, float("-inf"))
    best.store(tl.max(stored, axis=0, keepdims=True))
    where.store(tl.argmax(stored, axis=0, keepdims=True) + i * bn)


@tr.kernel
def pick_kernel(
    token: Mutable[Tensor[i32]],
    position: Mutable[Tensor[i32]],
    best: Shared[Tensor[f32]],
    where: Shared[Tensor[i32]],
    bp: Const[int],
) -> None:
    """One block: the token of the largest partial (the first block of equals: the first
    index), and ``position + 1``."""
    idx = tl.arange(bp, dtype=tl.i32)  # type: ignore[arg-type,unused-ignore]
    values = tl.gather(best, idx, mask=idx < best.shape[0], padding_value=float("-inf"))
    token.store(tl.gather(where, tl.argmax(values, axis=0, keepdims=True)))
    position.store(position.load() + 1)


HEAD_CONFIGS = [tr.Config(bk=512), tr.Config(bk=256), tr.Config(bk=1024)]


@tr.autotune(configs=HEAD_CONFIGS, key=["logits", "w"])
def _head(
    cfg: tr.Config,
    logits: Tensor[Any],
    best: Tensor[Any],
    where: Tensor[Any],
    w: Tensor[Any],
    x: Tensor[Any],
    nw: Tensor[Any],
    eps: float,
) -> Op:
    bk = min(cfg.bk, pow2(w.shape[1]))
    parts = (logits.partition((HEAD_ROWS,)), best.partition((1,)), where.partition((1,)))
    k = specialize(head_kernel, T=logits.dtype).with_options(dependent_launch=True)
    return k(*parts, w, x, nw, eps, bk)


def partials(vocab: int) -> tuple[Tensor[Any], Tensor[Any]]:
    """The per-block results ``head`` writes and ``pick`` reads, for a vocabulary."""
    blocks = -(-vocab // HEAD_ROWS)
    return tr.empty((blocks,), dtype=tr.f32), tr.empty((blocks,), dtype=tr.i32)


def head(
    logits: Tensor[Any],
    best: Tensor[Any],
    where: Tensor[Any],
    w: Tensor[Any],
    x: Tensor[Any],
    norm_weight: Tensor[Any],
    eps: float,
) -> Op:
    """``logits = w @ (rmsnorm(x) * norm_weight)`` (``w: [vocab, hidden]``), and per block of
    ``HEAD_ROWS`` logits its largest and where (``best``, ``where`` from ``partials``)."""
    float_dtype("head", logits, w, x, norm_weight)
    return choose(_head, None, logits, best, where, w, x, norm_weight, float(eps))


def pick(token: Tensor[Any], position: Tensor[Any], best: Tensor[Any], where: Tensor[Any]) -> Op:
    """``token`` = the argmax of the logits ``head`` reduced; ``position += 1``."""
    bp = pow2(best.shape[0])
    pick_dependent = pick_kernel.with_options(dependent_launch=True)
    return pick_dependent(token.partition((1,)), position.partition((1,)), best, where, bp)


# -- random weights ----------------------------------------------------------------------------
def fill_uniform_kernel(out: Mutable[Tensor[T]], seed: int, low: float, width: float) -> None:
    i = out.index[0]
    n = out.tile_shape[0]
    out.store(tl.rand(seed, tl.arange(n, dtype=tl.i32) + i * n) * width + low)


def fill_uniform(t: Tensor[Any], seed: int, low: float, high: float) -> Op:
    """Fill contiguous float tensor ``t`` with values uniform in ``[low, high)``, from
    ``tl.rand``'s Philox stream ``seed`` (the same values on every backend)."""
    dt = float_dtype("fill_uniform", t)
    if t.size >= 2**31:
        raise ValueError(f"fill_uniform: {t.describe()} has over 2**31 elements")
    flat = t.reshape(t.size)
    part = flat.partition((min(4096, pow2(t.size)),))
    return specialize(fill_uniform_kernel, T=dt)(part, seed, float(low), float(high - low))
