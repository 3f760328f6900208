"""Loop-carried values that change dtype lower for cuTile: its "depends on path taken" error
names the binding to convert (tilert/cutile/coercions.py), and the lowering converts it."""

from __future__ import annotations

import numpy as np

import tilert as tr
from tests.support import lang_kernels as K
from tilert import f32
from tilert.cutile.coercions import changed_shape_hint, coercion
from tilert.cutile.lowering import Coercion, lower_kernel


def _line(lowered_source: str, needle: str) -> int:
    return next(i for i, text in enumerate(lowered_source.splitlines(), 1) if needle in text)


def test_a_dtype_change_names_the_binding_to_convert() -> None:
    lowered = lower_kernel(K.widening_loop)
    start = _line(lowered.source, "acc = ct.zeros")
    loop = _line(lowered.source, "acc = acc +")
    message = (
        f"Type of `acc` depends on path taken: Tile[float32,(8)] (line {loop}) vs. "
        f"Tile[float16,(8)] (line {start})"
    )
    fix = coercion(message, lowered)
    assert fix is not None
    (name, user_line), how = fix
    assert (name, how) == ("acc", Coercion("float32"))
    assert user_line == lowered.user_line(start)
    relowered = lower_kernel(K.widening_loop, None, {(name, user_line): how})
    lines = relowered.source.splitlines()
    converted = _line(relowered.source, "acc = ct.astype(acc, ct.float32)")
    assert "acc = ct.zeros" in lines[converted - 2]  # right after the binding
    assert coercion(message, relowered) is None  # never the same conversion twice


def test_a_scalar_that_becomes_a_tile_is_broadcast_where_it_is_made() -> None:
    lowered = lower_kernel(K.widening_loop)
    start = _line(lowered.source, "acc = ct.zeros")
    loop = _line(lowered.source, "acc = acc +")
    message = (
        f"Type of `acc` depends on path taken: Tile[float32,(4,1)] (line {loop}) vs. "
        f"Tile[float16,()] (line {start})"
    )
    fix = coercion(message, lowered)
    assert fix is not None
    (name, user_line), how = fix
    assert (name, how) == ("acc", Coercion("float32", (4, 1)))
    assert user_line == lowered.user_line(start)  # the scalar's binding, whatever its dtype
    relowered = lower_kernel(K.widening_loop, None, {(name, user_line): how})
    assert "acc = ct.broadcast_to(ct.astype(acc, ct.float32), (4, 1))" in relowered.source


def test_two_tile_shapes_are_not_converted_but_explained() -> None:
    lowered = lower_kernel(K.widening_loop)
    message = (
        "Type of `m` depends on path taken: Tile[float32,(8)] (line 9) vs. "
        "Tile[float32,(4)] (line 7)"
    )
    assert coercion(message, lowered) is None
    hint = changed_shape_hint(message)
    assert hint is not None and "start it as a tile" in hint and "`m = tl.full(" in hint


def test_signed_with_unsigned_is_not_converted() -> None:
    lowered = lower_kernel(K.widening_loop)
    message = (
        "Type of `a` depends on path taken: Tile[uint32,(8)] (line 9) vs. Tile[int32,(8)] (line 7)"
    )
    assert coercion(message, lowered) is None


def test_the_widening_loop_runs_on_the_interpreter() -> None:
    x = np.arange(8, dtype=np.float16)
    z = tr.zeros((8,), dtype=f32)
    K.widening_loop(z.partition((8,)), tr.from_numpy(x)).sync()
    np.testing.assert_array_equal(z.to_numpy(), x.astype(np.float32) * 6)
