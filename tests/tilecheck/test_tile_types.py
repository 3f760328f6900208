"""The tile-type inference (``tilecheck.kernel.inference``) against the interpreter, the
reference: its dtype rules for every pair of dtypes, and the shape and dtype it infers for each
local of generated kernels (``tests.support.differential``) against the values the kernel
really holds when the interpreter runs it, with the launch's partition and tensors given as a
launch site would give them. Unknown is always allowed; a wrong answer never is, and a kernel
that runs is never reported."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from types import FrameType
from typing import Any

import libcst as cst
import pytest

import tilert as tr
from tests.support.differential.program import Program, launch, load_module
from tests.support.differential.runner import program_for
from tilecheck.kernel import ImportResolver
from tilecheck.kernel.body import BodyWalker
from tilecheck.kernel.context import KernelContext
from tilecheck.kernel.dtype_rules import promote, with_scalar
from tilecheck.kernel.inference import Specialization, TileTypes
from tilecheck.kernel.shape_rules import check_tile_types
from tilecheck.kernel.signature import signature_findings
from tilecheck.kernel.tiletypes import ScalarType, TileType, describe
from tilert.dtypes import DType
from tilert.interpret import dtype_rules
from tilert.interpret.tiles import Tile

SEEDS = range(60)  # about 800 locals compared; benchmarks run thousands more by hand
Observed = dict[str, set[tuple[Any, str]]]


def _dtypes() -> list[type[DType]]:
    names = ["bool_", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]
    names += ["f16", "bf16", "f32", "f64", "f8e4m3fn", "f8e5m2"]
    return [getattr(tr, name) for name in names]


def test_promotion_is_the_interpreters_for_every_pair() -> None:
    for a in _dtypes():
        for b in _dtypes():
            try:
                expected: str | None = dtype_rules.promote(a, b).name
            except TypeError:
                expected = None
            if a is b:
                expected = a.name  # promote(a, a) is a, storage-only dtypes included
            assert promote(a.name, b.name) == expected, (a, b)


@pytest.mark.parametrize("value", [True, 1, 300, -1, 2**40, 1.5])
def test_a_python_scalar_with_a_tile_is_typed_as_the_interpreter_types_it(value: Any) -> None:
    for dt in _dtypes():
        if not dt.arithmetic:
            continue
        try:
            expected: str | None = dtype_rules.with_scalar(dt, value).name
        except ValueError:
            expected = dt.name  # out of range: an error, not a dtype; the type is still dt's
        kind = dtype_rules.scalar_kind(value)
        known = value if isinstance(value, int) and not isinstance(value, bool) else None
        assert with_scalar(dt.name, kind, known) == expected, (dt, value)


def _context(source: str, name: str) -> KernelContext:
    module = cst.parse_module(source)
    resolver = ImportResolver(module)
    func = next(s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == name)
    is_function, unsafe, params, _ = signature_findings(func, resolver)
    facts = BodyWalker(is_function).walk(func.body)
    meanings = {p.name.value: m for p, m in params}
    return KernelContext(
        func,
        is_function=is_function,
        unsafe=unsafe,
        meanings=meanings,
        facts=facts,
        resolver=resolver,
    )


def _observe(program: Program, module: Any) -> Observed:
    """Each local of the kernel's frame, as the interpreter holds it: (shape, dtype) of a
    tile, ("python", type) of a scalar."""
    seen: Observed = {}
    code = getattr(module, program.kernel).fn.__code__

    def local(frame: FrameType, event: str, arg: object) -> Any:
        for name, value in frame.f_locals.items():
            if isinstance(value, Tile):
                seen.setdefault(name, set()).add((tuple(value.shape), value.dtype.name))
            elif isinstance(value, (bool, int, float)):
                seen.setdefault(name, set()).add(("python", type(value).__name__))
        return local

    def calls(frame: FrameType, event: str, arg: object) -> Any:
        return local if frame.f_code is code else None

    sys.settrace(calls)
    try:
        launch(program, module)
    finally:
        sys.settrace(None)
    return seen


def _specialization(program: Program, ctx: KernelContext) -> Specialization:
    """What a launch site shows: the partition, every tensor's shape, the Const values."""
    shared = [n for n in ctx.meanings if n.startswith("x")]
    shapes = {
        "z": program.shape,
        **dict(zip(shared, (a.shape for a in program.inputs.values()), strict=True)),
    }
    constants = {
        p.name: p.value
        for p in program.params
        if p.annotation.startswith("Const") and type(p.value) is int
    }
    return Specialization({"z": program.tile}, shapes, constants)


def _wrong(value: TileType | ScalarType, observed: tuple[Any, str]) -> bool:
    shape, dtype = observed
    if isinstance(value, ScalarType):
        return shape != "python" and value.weak is True  # a Python scalar said, a tile held
    if shape == "python":
        return True
    if isinstance(value.shape, tuple):
        if len(value.shape) != len(shape):
            return True
        for inferred, real in zip(value.shape, shape, strict=True):
            if inferred is not None and inferred.value is not None and inferred.value != real:
                return True
    return value.dtype is not None and value.dtype != dtype


def test_inferred_types_are_what_the_interpreter_computes(tmp_path: Path) -> None:
    compared = known = 0
    for seed in SEEDS:
        program = program_for(seed)
        try:
            seen = _observe(program, load_module(program, tmp_path))
        except Exception:  # refused by the runtime: nothing to compare against
            continue
        ctx = _context(program.source, program.kernel)
        for specialization in (None, _specialization(program, ctx)):
            types = TileTypes(ctx, specialization)
            found = check_tile_types(types).findings
            assert not found, (seed, [f.message for f in found], program.source)
            for name, observed in seen.items():
                value = types.name(name)
                if not isinstance(value, (TileType, ScalarType)):
                    continue
                known += 1
                for one in observed:
                    compared += 1
                    assert not _wrong(value, one), (seed, name, describe(value, {}), one)
    assert compared > 500 and known > 400


def _types(body: str, name: str = "k") -> TileTypes:
    header = "import tilert as tr\nimport tilert.lang as tl\n"
    header += "from tilert import Const, Mutable, Shared, Tensor, f16, f32\n\n\n"
    return TileTypes(_context(header + textwrap.dedent(body), name))


def _shown(types: TileTypes, name: str) -> str | None:
    value = types.name(name)
    return describe(value, types.labels) if value is not None else None


def test_symbols_keep_their_local_names_and_masks_broadcast_back() -> None:
    types = _types(
        """
        @tr.kernel
        def k(
            out: Mutable[Tensor[f32]], q: Shared[Tensor[f16]], bn: Const[int], causal: Const[bool]
        ) -> None:
            bm, dp = out.tile_shape
            rows = tl.expand_dims(tl.arange(bm, dtype=tl.i32), 1)
            cols = tl.expand_dims(tl.arange(bn, dtype=tl.i32), 0)
            valid = cols < bm
            if causal:
                valid = valid & (cols <= rows)
            s = tl.where(valid, tl.zeros((bm, bn), tl.f32), float("-inf"))
            qt = q.load_tile((bm, dp), out.index)
            acc = tl.zeros((bm, dp), tl.f32)
            acc = tl.mma(tl.astype(s, tl.f16), tl.transpose(qt), acc)
        """
    )
    assert _shown(types, "valid") == "Tile[bool_, (1|bm, bn)]"
    assert _shown(types, "s") == "Tile[f32, (bm, bn)]"
    assert _shown(types, "qt") == "Tile[f16, (bm, dp)]"
    assert _shown(types, "acc") == "Tile[f32, (bm, dp)]"


def test_a_name_bound_to_two_shapes_has_an_unknown_shape_and_nothing_is_said() -> None:
    types = _types(
        """
        @tr.kernel
        def k(z: Mutable[Tensor[f32]], flag: Const[bool]) -> None:
            t = tl.zeros((64,), tl.f32)
            if flag:
                t = tl.zeros((32,), tl.f32)
            z.store(tl.reshape(t, (64,)))
        """
    )
    assert _shown(types, "t") == "Tile[f32, (?,)]"
    assert check_tile_types(types).findings == []
