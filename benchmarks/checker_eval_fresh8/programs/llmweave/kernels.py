"""Elementwise and small reduction kernels in tilert.lang, f32, any rank where it makes sense."""

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def add(out: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(a, out) + tl.load_tile_like(b, out))


@tr.kernel
def mul(out: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(a, out) * tl.load_tile_like(b, out))


@tr.kernel
def scale(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], k: float) -> None:
    out.store(tl.load_tile_like(x, out) * k)


@tr.kernel
def scale_inplace(out: Mutable[Tensor[f32]], k: float) -> None:
    out.store(out.load() * k)


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(y.load() + a * tl.load_tile_like(x, y))


@tr.kernel
def accumulate(acc: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    acc.store(acc.load() + tl.load_tile_like(x, acc))


@tr.kernel
def copy(out: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(src, out))


@tr.kernel
def fill(out: Mutable[Tensor[f32]], value: float) -> None:
    out.store(out.load() * 0.0 + value)


@tr.kernel
def relu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(tl.maximum(tl.load_tile_like(x, out), 0.0))


@tr.kernel
def sgd(w: Mutable[Tensor[f32]], g: Shared[Tensor[f32]], lr: float) -> None:
    w.store(w.load() - lr * tl.load_tile_like(g, w))


@tr.kernel
def ema(stat: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], momentum: float) -> None:
    stat.store(stat.load() * momentum + tl.load_tile_like(x, stat) * (1.0 - momentum))


@tr.kernel
def square(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, out)
    out.store(t * t)


@tr.kernel
def matvec(
    out: Mutable[Tensor[f32]], w: Shared[Tensor[f32]], x: Shared[Tensor[f32]], bk: Const[int]
) -> None:
    (i,) = out.index
    (bn,) = out.tile_shape
    acc = tl.zeros((bn, bk), tl.f32)
    for k in range(tl.cdiv(w.shape[1], bk)):
        acc = acc + w.load_tile((bn, bk), (i, k)) * tl.reshape(x.load_tile((bk,), (k,)), (1, bk))
    out.store(tl.sum(acc, axis=1))
