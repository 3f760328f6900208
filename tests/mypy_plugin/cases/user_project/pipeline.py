"""A user's program, typed by tilert's stubs and checked by the plugin: kernels, launches,
async ops, a graph and the kernel library. Clean: mypy reports nothing."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    z.store(a * tl.load_tile_like(x, z))


@tr.kernel
def add_rows(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], cols: Const[int]) -> None:
    out.store(tl.load_tile_like(x, out) + cols)


def run(n: int = 1024) -> None:
    x = tr.from_numpy(np.arange(n, dtype=np.float32))
    z = tr.zeros((n,), dtype=f32)
    scale(z.partition((256,)), x, 2.0).sync()
    pending = scale(z.partition((256,)), x, 0.5).submit()
    pending.wait()
    y = tr.empty((n,), dtype=f32)
    with tr.graph() as g:
        g.record(scale(y.partition((256,)), z, 2.0))
    g.launch().wait()
    g.close()
    rows = tr.ones((4, n), dtype=f32)
    probs = tr.empty((4, n), dtype=f32)
    add_rows(probs.partition((1, n)), rows, n).then(lambda *_: tk.softmax(probs, rows)).sync()
    print(y.to_numpy()[:4], probs.to_numpy()[0, :4])
