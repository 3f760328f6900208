"""Host helpers: tile choice, allocation, launch wrappers."""

import tilert as tr
from llmfjord.kernels import add, scale


def tile_for(n: int) -> int:
    """The largest power of two up to 256 that divides n."""
    t = 256
    while t > 1 and n % t:
        t //= 2
    return t


def alloc_like(t: tr.Tensor, name: str | None = None) -> tr.Tensor:
    return tr.empty(t.shape, dtype=t.dtype, name=name)


def launch_add(out: tr.Tensor, x: tr.Tensor, y: tr.Tensor) -> tr.Op:
    """The op out = x + y, not yet run."""
    return add(out.partition((tile_for(out.shape[0]),)), x, y)


def launch_scale(out: tr.Tensor, x: tr.Tensor, a: float) -> tr.Op:
    return scale(out.partition((tile_for(out.shape[0]),)), x, a)


def submit_add(out: tr.Tensor, x: tr.Tensor, y: tr.Tensor) -> tr.Pending:
    """Start out = x + y; the caller waits."""
    return add(out.partition((tile_for(out.shape[0]),)), x, y).submit()
