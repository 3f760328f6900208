"""Permuting a tensor's axes, ``[batch, heads, seq, d] -> [batch, heads, d, seq]`` (keys laid
out for ``q @ k.T``), written as a kernel. Partitions have at most three axes (the grid's), so
the output is partitioned as its view ``[batch * heads, d, seq]``; each block loads the
``(1, bh, bs, bd)`` source tile behind its ``(bh, bd, bs)`` output tile, swaps the tile's last
two axes with ``tl.permute`` and stores it. Where the permuted tensor feeds another kernel, the
permute usually goes inside that kernel instead (``tl.transpose(kt)`` in
examples/flash_attention.py).

On the host, ``x.permute(0, 1, 3, 2)`` is a view: no copy, the same memory with permuted
strides, borrowed with ``x``; ``.contiguous()`` copies it into a new row-major tensor (with a
kernel of the library's). Both are checked too."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def tensor_permute(dst: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    """``src: [batch, heads, seq, d]``; ``dst: [batch * heads, d, seq]`` in tiles of
    ``(bh, bd, bs)``, ``bh`` heads of one batch (it divides ``heads``)."""
    z, d, s = dst.index
    bh, bd, bs = dst.tile_shape
    head_tiles = src.shape[1] // bh
    b, h = z // head_tiles, z % head_tiles  # the first axis's tile index, split in two
    tile = src.load_tile((1, bh, bs, bd), (b, h, s, d))  # the source tile behind this block's
    dst.store(tl.reshape(tl.permute(tile, (0, 1, 3, 2)), (bh, bd, bs)))


def main() -> None:
    gpu = tr.Device().kind == "cuda"
    batch, heads, seq, d = (4, 32, 1024, 64) if gpu else (2, 4, 100, 32)
    src_np = np.arange(batch * heads * seq * d, dtype=np.float32).reshape(batch, heads, seq, d)
    src = tr.from_numpy(src_np)
    dst = tr.empty((batch, heads, d, seq), dtype=f32)
    tile = (2, 32, 64)  # 2 heads, 32 of d, 64 positions (100: the edge tiles masked)
    tensor_permute(dst.reshape(batch * heads, d, seq).partition(tile), src).sync()
    expect = src_np.transpose(0, 1, 3, 2)
    wrong = int(np.count_nonzero(dst.to_numpy() != expect))
    view = src.permute(0, 1, 3, 2)  # no copy: src's memory with permuted strides
    copied = view.contiguous()  # a new row-major tensor
    wrong_view = int(np.count_nonzero(view.to_numpy() != expect))
    wrong_copy = int(np.count_nonzero(copied.to_numpy() != expect))
    ok = wrong == wrong_view == wrong_copy == 0
    print(
        f"tensor_permute: {list(src.shape)} -> {list(dst.shape)} in tiles of {tile}: "
        f"{wrong} elements differ from numpy's transpose; the view (strides {view.strides}, "
        f"contiguous: {view.is_contiguous()}) {wrong_view}, its contiguous copy {wrong_copy}: "
        f"{'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError("tensor_permute: the permuted tensor differs from numpy's")


if __name__ == "__main__":
    main()
