"""Kernels for the newer rows of the language table (unsigned and 8-bit float dtypes, divmod,
bitcast, insert, num_tiles, static_assert, gather, reduce and scan with a function, scatter and
the atomics), written as a user would from docs/language.md. The CPU tests check them against
numpy on the interpreter; the GPU tests check the GPU against the interpreter."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f8e4m3fn, f32, i32, u32

ROWS = 4  # module constants a kernel reads


@tr.kernel
def hash_u32(z: Mutable[Tensor[u32]], x: Shared[Tensor[u32]]) -> None:
    """Unsigned arithmetic wraps; shifts of unsigned tiles are logical."""
    t = tl.load_tile_like(x, z)
    h = t * 2654435761 + 12345
    h = h ^ (h >> 15)
    h = h * 2246822519 + (t << 7)
    z.store(h ^ (h >> 13) | (t % 7))


@tr.kernel
def unsigned_convert(
    a: Mutable[Tensor[tl.u16]], b: Mutable[Tensor[tl.u64]], x: Shared[Tensor[f32]]
) -> None:
    """Floats to unsigned integers: toward zero, saturating."""
    t = tl.load_tile_like(x, a)
    a.store(tl.astype(t, tl.u16))
    b.store(tl.astype(t * 1000.0, tl.u64))


@tr.kernel
def fp8_round_trip(
    z: Mutable[Tensor[f32]],
    w: Mutable[Tensor[f32]],
    q: Mutable[Tensor[f8e4m3fn]],
    x: Shared[Tensor[f32]],
) -> None:
    """f32 to each 8-bit float and back; a store into an 8-bit tensor converts."""
    t = tl.load_tile_like(x, z)
    z.store(tl.astype(tl.astype(t, tl.f8e4m3fn), tl.f32))
    w.store(tl.astype(tl.astype(t, tl.f8e5m2), tl.f32))
    q.store(tl.astype(t, tl.f8e4m3fn))


@tr.kernel
def fp8_matmul(
    c: Mutable[Tensor[f32]], a: Shared[Tensor[f8e4m3fn]], b: Shared[Tensor[f8e4m3fn]], k: Const[int]
) -> None:
    """f8e4m3fn inputs, an f32 accumulator."""
    acc = tl.zeros(c.tile_shape, tl.f32)
    for i in range(k // 32):
        ta = a.load_tile((c.tile_shape[0], 32), (c.index[0], i))
        tb = b.load_tile((32, c.tile_shape[1]), (i, c.index[1]))
        acc = tl.mma(ta, tb, acc)
    c.store(acc)


@tr.kernel
def int_division(q: Mutable[Tensor[i32]], r: Mutable[Tensor[i32]], x: Shared[Tensor[i32]]) -> None:
    t = tl.load_tile_like(x, q)
    d, m = tl.divmod(t, 7)
    q.store(d + tl.floordiv(t, -3))
    r.store(m * 100 + tl.mod(t, -5))


@tr.kernel
def bits(z: Mutable[Tensor[u32]], w: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    """The bits of a float, and a float made from bits (the exponent cleared to 1.0's)."""
    t = tl.load_tile_like(x, z)
    u = tl.bitcast(t, tl.u32)
    z.store(u)
    w.store(tl.bitcast((u & 0x807FFFFF) | 0x3F800000, tl.f32))


@tr.kernel
def insert_and_count(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    """tl.insert a block of the row's tile count; tl.static_assert on a Const-free shape."""
    t = tl.load_tile_like(x, z)
    tl.static_assert(z.tile_shape[1] % 4 == 0, "the tile must split in four")
    n = tl.num_tiles(x, 1, z.tile_shape)
    piece = tl.full((1, z.tile_shape[1] // 4), n + 0.5, tl.f32)
    z.store(tl.insert(t, (0, 1), piece))


@tr.kernel
def window(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], row0: int, col0: int) -> None:
    """A tile of ``x`` at any element offset (not tile-aligned), zeros past its edge."""
    rows = tl.arange(z.tile_shape[0]) + z.index[0] * z.tile_shape[0] + row0
    cols = tl.arange(z.tile_shape[1]) + z.index[1] * z.tile_shape[1] + col0
    z.store(tl.gather(x, (rows[:, None], cols[None, :])))


@tr.kernel
def masked_gather(
    z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], table: Shared[Tensor[i32]]
) -> None:
    """Rows of ``x`` picked by an index table; -1 entries give the padding value."""
    idx = tl.load_tile_like(table, z)
    z.store(tl.gather(x, idx, mask=idx >= 0, padding_value=-2.0))


@tr.function
def larger(a: tl.Tile[f32], b: tl.Tile[f32]) -> tl.Tile[f32]:
    return tl.maximum(a, b)


@tr.function
def arg_larger(
    v1: tl.Tile[f32], i1: tl.Tile[i32], v2: tl.Tile[f32], i2: tl.Tile[i32]
) -> tuple[tl.Tile[f32], tl.Tile[i32]]:
    keep = (v1 > v2) | ((v1 == v2) & (i1 < i2))
    return tl.where(keep, v1, v2), tl.where(keep, i1, i2)


@tr.kernel
def custom_reductions(
    m: Mutable[Tensor[f32]],
    am: Mutable[Tensor[i32]],
    s: Mutable[Tensor[f32]],
    x: Shared[Tensor[f32]],
) -> None:
    """Row maximum by a @tr.function, row argmax by a tuple reduction, running sum by a
    lambda scan."""
    t = x.load_tile((ROWS, 64), (m.index[0], 0))
    m.store(tl.reduce(t, 1, larger, float("-inf"), keepdims=True))
    cols = tl.broadcast_to(tl.arange(64)[None, :], (ROWS, 64))
    _, best = tl.reduce((t, cols), 1, arg_larger, (float("-inf"), 0), keepdims=True)
    am.store(best)
    s.store(tl.scan(t, 1, lambda a, b: a + b, 0.0))


@tr.kernel(unsafe=True)
def histogram(
    counts: Mutable[Tensor[i32]], peaks: Mutable[Tensor[i32]], x: Shared[Tensor[f32]]
) -> None:
    """Bin counts by atomic_add, a per-bin maximum (in hundredths: integer atomics only) by
    atomic_max."""
    t = x.load_tile((256,), (tl.bid(0),))
    bins = tl.astype(tl.minimum(tl.maximum(t * 4.0 + 8.0, 0.0), 15.0), tl.i32)
    inside = tl.arange(256) + tl.bid(0) * 256 < x.shape[0]
    tl.unsafe.atomic_add(counts, bins, tl.astype(inside, tl.i32))
    tl.unsafe.atomic_max(peaks, bins, tl.where(inside, tl.astype(t * 100.0, tl.i32), -10000))


@tr.kernel(unsafe=True)
def permute_rows(
    z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], order: Shared[Tensor[i32]]
) -> None:
    """Each block writes its rows where ``order`` sends them: tl.unsafe.scatter."""
    rows = tl.arange(8) + tl.bid(0) * 8
    cols = tl.arange(16)
    dest = tl.gather(order, rows)
    tile = tl.gather(x, (rows[:, None], cols[None, :]))
    tl.unsafe.scatter(z, (dest[:, None], cols[None, :]), tile)


@tr.kernel(unsafe=True)
def claim(slots: Mutable[Tensor[i32]], winners: Mutable[Tensor[i32]]) -> None:
    """Every block tries to claim slot 0 (compare-and-swap from -1); exchange records the
    last visitor of slot 1."""
    me = tl.full((1,), tl.bid(0), tl.i32)
    old = tl.unsafe.atomic_cas(slots, tl.zeros((1,), tl.i32), -1, me)
    tl.unsafe.atomic_xchg(slots, tl.full((1,), 1, tl.i32), me)
    tl.unsafe.atomic_add(winners, tl.zeros((1,), tl.i32), tl.astype(old == -1, tl.i32))


@tr.kernel
def widening_loop(z: Mutable[Tensor[f32]], x: Shared[Tensor[tl.f16]]) -> None:
    """A loop-carried value that starts f16 and becomes f32 (as Python lets it)."""
    t = tl.load_tile_like(x, z)
    acc = tl.zeros(z.tile_shape, tl.f16)
    for i in range(3):
        acc = acc + tl.astype(t, tl.f32) * (i + 1)
    z.store(acc)


@tr.kernel
def typed_scalars(
    z: Mutable[Tensor[f32]],
    w: Mutable[Tensor[tl.u32]],
    n: int,
    s: float,
    a: tl.u32,
    b: tl.i64,
    h: tl.f16,
) -> None:
    """Scalar parameters typed as on the GPU: ``int`` an i32, ``float`` an f32, annotated
    ones their dtype (an f16 tile times a float is f32; a u32 wraps)."""
    t = tl.astype(z.load(), tl.f16)
    z.store(t * s + tl.astype(n, tl.f32) + tl.astype(b // 1000000000000, tl.f32) + h)
    w.store(tl.astype(w.load(), tl.u32) * a + 7)


@tr.kernel
def inverted(z: Mutable[Tensor[i32]], x: Shared[Tensor[i32]]) -> None:
    """``~`` of an integer tile, a bool_ tile and a constant bool (which cuTile folds)."""
    t = tl.load_tile_like(x, z)
    always = ~tl.full((), False, tl.bool_)
    z.store(tl.where(~(t > 2) & always, ~t, t))


@tr.kernel(unsafe=True)
def combine_last(
    out: Mutable[Tensor[f32]],
    ws: Mutable[Tensor[f32]],
    count: Mutable[Tensor[i32]],
    x: Shared[Tensor[f32]],
) -> None:
    """The stream-K GEMM's combine in small: every block adds its row of ``x`` into ``ws``'s
    row 0 (relaxed) and counts in (acquire-release); the last reads the sum back while zeroing
    it (relaxed) and stores it as ``out``'s row 0."""
    cols = tl.expand_dims(tl.arange(16, dtype=tl.i32), 0)
    rows = tl.zeros((1, 16), tl.i32)
    tl.unsafe.atomic_add(ws, (rows, cols), x.load_tile((1, 16), (tl.bid(0), 0)), order="relaxed")
    arrived = tl.unsafe.atomic_add(count, (0, 0), 1, order="acq_rel", scope="device")
    if arrived == tl.num_blocks(0) - 1:
        total = tl.unsafe.atomic_xchg(ws, (rows, cols), 0.0, order="relaxed")
        tl.unsafe.atomic_xchg(count, (0, 0), 0, order="relaxed")
        tl.unsafe.store(out, (0, 0), total)
