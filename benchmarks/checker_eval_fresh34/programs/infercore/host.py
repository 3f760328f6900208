"""Host helpers: launches that pick a tile for the caller, and a KV block pool."""

from __future__ import annotations

import tilert as tr
from infercore.kernels import add, copy, scale
from tilert import Tensor, f32

TILE = 64


def tile_for(t: Tensor[f32]) -> tuple[int, ...]:
    if t.ndim == 1:
        return (min(TILE, t.shape[0]),)
    return (1, min(TILE, t.shape[1]))


def launch_add(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Op:
    """out = a + b, as a lazy op for the caller to run."""
    return add(out.partition(tile_for(out)), a, b)


def submit_scale(out: Tensor[f32], x: Tensor[f32], alpha: float) -> tr.Pending:
    """out = alpha * x, submitted now; the caller waits."""
    return scale(out.partition(tile_for(out)), x, alpha).submit()


def submit_copy(out: Tensor[f32], src: Tensor[f32], stream: tr.Stream | None = None) -> tr.Pending:
    return copy(out.partition(tile_for(out)), src).submit(stream)


def new_buffers(shape: tuple[int, ...], names: list[str]) -> dict[str, Tensor[f32]]:
    return {name: tr.zeros(shape, name=name) for name in names}


class KVBlockPool:
    """Fixed-size KV blocks carved out of one big tensor, handed out by index."""

    def __init__(self, num_blocks: int, block_size: int, head_dim: int) -> None:
        self.storage = tr.zeros((num_blocks, block_size, head_dim), name="kv_pool")
        self.free = list(range(num_blocks))

    def allocate(self) -> int:
        return self.free.pop()

    def release(self, block: int) -> None:
        self.free.append(block)

    def block(self, index: int) -> Tensor[f32]:
        return self.storage[index]
