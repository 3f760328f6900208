"""Asynchronous launches: a kernel call is a lazy ``Op`` that runs nothing until it is awaited,
synced, submitted or chained. ``op.then(fn)`` chains a second launch onto the first's outputs
(the partition moves along the chain, so the second kernel writes the same tiles, in order);
``tr.zip(a, b)`` makes one op of two independent ones; ``op.submit()`` starts an op and returns
a ``Pending`` to wait on later. Until an op is observed complete the tensors it touches stay
borrowed: reading ``z`` on the host before the await is a ``tr.BorrowError``."""

from __future__ import annotations

import asyncio

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def accumulate(z: Mutable[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(z.load() + tl.load_tile_like(y, z))


async def run(n: int, tile: int) -> dict[str, float]:
    x, y = tr.arange(n, dtype=f32), tr.ones((n,), dtype=f32)
    z, a, b, c = (tr.zeros((n,), dtype=f32) for _ in range(4))
    xs, ys = np.arange(n, dtype=np.float32), np.ones(n, dtype=np.float32)

    # a chain: z = x + y, then z += y on the same partition; nothing runs until the await
    chain = add(z.partition((tile,)), x, y).then(lambda zp, *_: accumulate(zp, y))
    await chain
    errors = {"add.then(accumulate)": float(np.max(np.abs(z.to_numpy() - (xs + 2 * ys))))}

    # two independent launches as one op
    await tr.zip(add(a.partition((tile,)), x, y), add(b.partition((tile,)), y, y))
    errors["zip(add, add)"] = float(
        max(np.max(np.abs(a.to_numpy() - (xs + ys))), np.max(np.abs(b.to_numpy() - 2 * ys)))
    )

    # submit now, do other work, wait later
    pending = add(c.partition((tile,)), x, x).submit()
    expect = 2 * xs  # the host works meanwhile; c is busy until the wait
    pending.wait()
    errors["submit().wait()"] = float(np.max(np.abs(c.to_numpy() - expect)))
    return errors


def main(n: int = 1000, tile: int = 128) -> None:
    errors = asyncio.run(run(n, tile))
    ok = all(e == 0.0 for e in errors.values())
    listed = ", ".join(f"{name} {error}" for name, error in errors.items())
    print(f"async_add: {n} f32, max errors against numpy: {listed}: {'ok' if ok else 'MISMATCH'}")
    if not ok:
        raise AssertionError(f"async_add: {errors}")


if __name__ == "__main__":
    main()
