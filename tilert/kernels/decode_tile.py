"""The online softmax's step over one key tile, shared by the decode attention's split
kernels (``decode.decode_split_at`` and ``decode_fused.decode_fused_at``), which cannot
import each other's module: the op in ``decode`` launches the kernel in ``decode_fused``."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl

# a helper's tiles are typed with a dtype (tilecheck reads it); the split kernels pass their
# cache's f16, bf16 or f32 tiles, as cuTile's functions take any
from tilert import f32 as T


@tr.function
def attend_tile(
    qt: tl.Tile[T],
    kt: tl.Tile[T],
    vt: tl.Tile[T],
    valid: tl.Tile[tl.bool_],
    m: tl.Tile[tl.f32],
    l_sum: tl.Tile[tl.f32],
    acc: tl.Tile[tl.f32],
    qk_scale: float,
) -> tuple[tl.Tile[tl.f32], tl.Tile[tl.f32], tl.Tile[tl.f32]]:
    """One key tile's step of the online softmax (base 2): the running row maximum ``m``, sum
    ``l_sum`` and weighted values ``acc`` of the query rows ``qt`` after keys ``kt`` (scores
    where ``valid``) and values ``vt``. Shared by the split kernels of both decode forms."""
    s = tl.mma(qt, tl.transpose(kt), tl.zeros((qt.shape[0], kt.shape[0]), tl.f32)) * qk_scale
    s = tl.where(valid, s, float("-inf"))
    m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
    p = tl.exp2(s - m_new)
    alpha = tl.exp2(m - m_new)
    l_next = l_sum * alpha + tl.sum(p, axis=1, keepdims=True)
    return m_new, l_next, tl.mma(tl.astype(p, vt.dtype), vt, acc * alpha)
