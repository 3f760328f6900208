"""The decode attention of ``decode.decode_attention_at`` in one kernel: each split block
writes its partial, and the last of a KV head's blocks to arrive (an atomic counter says
which) combines them, so no second kernel waits for the first to end.

Written once for ``T = f32`` and ``I = i32`` (imported under those names, so that
``decode_fused_at`` is a real ``@tr.kernel(unsafe=True)`` that tilecheck and the runtime
check as written) and specialized per dtype by ``_common.specialize``, as
``rope_cache.norm_rope_cache`` is."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here,
# and a Const[int] used as an int takes an ignore.
# mypy: disable-error-code="attr-defined, arg-type"

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor
from tilert import f32 as T  # rebound per dtype by specialize (see the module's docstring)
from tilert import i32 as I  # the position's dtype, rebound likewise
from tilert.kernels.decode_tile import attend_tile


@tr.kernel(unsafe=True)
def decode_fused_at(
    out: Mutable[Tensor[T]],
    o_part: Mutable[Tensor[tr.f32]],
    lse_part: Mutable[Tensor[tr.f32]],
    arrived: Mutable[Tensor[tr.i32]],
    q: Shared[Tensor[T]],
    k: Shared[Tensor[T]],
    v: Shared[Tensor[T]],
    position: Shared[Tensor[I]],
    qk_scale: float,
    group: int,
    bn: Const[int],
    gp: Const[int],
    dp: Const[int],
    sp: Const[int],
    gq: Const[int],
) -> None:
    """Block ``(kv_head, split)`` of a ``(kv_heads, splits)`` grid (split-major: the splits
    with keys start first): ``decode_split_at``'s partial, then the head's last block to
    arrive combines the splits as ``flash.decode_combine`` does, so no second kernel waits.
    ``o_part: [kv_heads, splits, group * head_dim]``, ``lse_part: [kv_heads, splits, group]``
    (f32), ``arrived: [kv_heads, splits, 1]`` (i32, column 0 counts a head's arrivals: zero
    before and after each launch), ``out: [kv_heads, group * head_dim, 1]``, partitioned only
    so that the launch borrows it with this grid: the last arriver writes its head's rows.

    Why unsafe, and why race-free: a block writes its partial into its own row
    ``(kv_head, split)`` of the workspace; the last arriver reads the other blocks' rows and
    writes ``out`` rows that lie outside its tile, which only the whole-tensor operations of
    ``tl.unsafe`` can do. Exactly one block of a head sees ``splits - 1`` arrivals before
    its own (the counter's adds are atomic), and it runs after every other block of the head
    has written its partial: each add is acquire-release at device scope, so a block's writes
    precede its add and the last block's reads follow its own. The workspace is written and
    read only through atomics (exchange to write, add 0 to read: the values pass unchanged),
    as the interpreter's race check requires of elements several blocks touch. ``out``'s
    rows of one head have one writer, and heads own disjoint rows."""
    kvh, split, _ = o_part.index
    splits = o_part.shape[1]
    d = k.shape[2]
    width = group * d
    length = tl.astype(tl.gather(position, 0), tl.i32) + 1
    tiles = tl.cdiv(length, bn)
    per = tl.cdiv(tiles, splits)
    start = split * per
    count = tl.maximum(tl.minimum(tiles - start, per), 0)
    heads = tl.expand_dims(tl.arange(gp, dtype=tl.i32), 1)
    dims = tl.expand_dims(tl.arange(dp, dtype=tl.i32), 0)
    qt = tl.gather(q, (heads + kvh * group, dims), mask=heads < group)
    cols = tl.expand_dims(tl.arange(bn, dtype=tl.i32), 0)
    m = tl.full((gp, 1), float("-inf"), tl.f32)
    l_sum = tl.zeros((gp, 1), tl.f32)
    acc = tl.zeros((gp, dp), tl.f32)
    for j in range(count):
        kt = tl.reshape(k.load_tile((1, bn, dp), (kvh, start + j, 0)), (bn, dp))
        vt = tl.reshape(v.load_tile((1, bn, dp), (kvh, start + j, 0)), (bn, dp))
        valid = cols + (start + j) * bn < length
        m, l_sum, acc = attend_tile(qt, kt, vt, valid, m, l_sum, acc, qk_scale)
    l_safe = tl.maximum(l_sum, 1.0)  # as decode_split_at
    # a split without keys writes nothing (the last arriver skips it): an index past the row
    # (``width``, ``group``) writes nothing, as cuTile's bounds check does
    mine = (heads < group) & (count > 0)
    at = tl.where(mine & (dims < d), heads * d + dims, width)
    tl.unsafe.atomic_xchg(o_part, (kvh, split, at), acc / l_safe)
    tl.unsafe.atomic_xchg(lse_part, (kvh, split, tl.where(mine, heads, group)), m + tl.log2(l_safe))
    before = tl.unsafe.atomic_add(arrived, (kvh, 0, 0), 1)
    if before == splits - 1:
        s3 = tl.reshape(tl.arange(sp, dtype=tl.i32), (sp, 1, 1))
        g3 = tl.reshape(tl.arange(gq, dtype=tl.i32), (1, gq, 1))
        d3 = tl.reshape(tl.arange(dp, dtype=tl.i32), (1, 1, dp))
        # the splits with keys, as their blocks counted them (the others wrote nothing, and
        # weigh 0 as in decode_combine); rows past the group are not read
        keyed = (s3 < splits) & (s3 * per < tiles) & (g3 < group)
        lse = tl.unsafe.atomic_add(lse_part, (kvh, s3, tl.where(keyed, g3, group)), 0.0)
        lse = tl.where(keyed, lse, float("-inf"))
        w = tl.exp2(lse - tl.max(lse, axis=0, keepdims=True))
        o = tl.unsafe.atomic_add(
            o_part, (kvh, s3, tl.where(keyed & (d3 < d), g3 * d + d3, width)), 0.0
        )
        o = tl.where(keyed, o, 0.0)
        res = tl.sum(w * o, axis=0) / tl.sum(w, axis=0)
        rows = tl.expand_dims(tl.arange(gq, dtype=tl.i32), 1)
        cols_o = tl.expand_dims(tl.arange(dp, dtype=tl.i32), 0)
        tl.unsafe.scatter(
            out,
            (kvh, rows * d + cols_o, 0),
            tl.astype(res, q.dtype),
            mask=(rows < group) & (cols_o < d),
        )
        # every block of the head has added: the count goes back to zero for the next launch
        tl.unsafe.atomic_xchg(arrived, (kvh, 0, 0), 0)
