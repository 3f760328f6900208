"""Lowering to cuTile Python runs on the CPU: every example kernel and every kernel-language op
lowers to source that compiles and calls the expected cuda.tile functions."""

from __future__ import annotations

import ast
import importlib.util
import re
from collections.abc import Sequence
from pathlib import Path

import pytest

import tilert as tr
import tilert.lang as tl
from tests.support import REPO, gemm_kernels
from tests.support import cutile_kernels as K
from tilert.cutile.lowering import MutableSpec, lower_kernel
from tilert.kernel import Kernel

ROOT = REPO


def _example_kernels() -> list[tuple[str, Kernel]]:
    found = []
    for path in sorted((ROOT / "examples").glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"example_{path.stem}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found += [(f"{path.stem}.{n}", k) for n, k in vars(module).items() if isinstance(k, Kernel)]
    return found


EXAMPLES = _example_kernels()

# what each example's source must contain once lowered
EXPECTED = {
    "add.add": ["ct.store(z, index=(ct.bid(0),)", "ct.load(x, index=(ct.bid(0),), shape=(z__t0,)"],
    "gemm.gemm": ["ct.mma(", "bk: ct.Constant[int]", "ct.zeros((bm, bn), ct.float32)", "ct.cdiv("],
    "softmax.softmax": ["ct.exp(", "ct.max(", "ct.sum(", "ct.where(", "ct.arange("],
    "saxpy.saxpy": ["ct.load(y,", "ct.store(y,"],
}


# the examples' persistent kernels: the tile shapes and mapped partitions they are launched with
MAPPED: dict[str, tuple[dict[str, Sequence[int]], tuple[str, ...]]] = {
    "persistent_gemm.persistent_gemm": ({"c": (32, 32)}, ("c",)),
}


def test_every_example_has_kernels() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize(("name", "kernel"), EXAMPLES, ids=[n for n, _ in EXAMPLES])
def test_example_lowers_to_compilable_cutile_source(name: str, kernel: Kernel) -> None:
    src = kernel.lower(*MAPPED.get(name, ({}, ())))
    compile(src, f"<{name}>", "exec")
    assert src.startswith("import cuda.tile as ct\n")
    assert f"@ct.kernel\ndef {kernel.name}(" in src
    assert "tl." not in src and "tr." not in src
    for needle in EXPECTED.get(name, []):
        assert needle in src, (needle, src)


def unparsed(statement: str) -> str:
    """``statement`` as this Python's ``ast.unparse`` writes it (3.10 parenthesizes tuples)."""
    return ast.unparse(ast.parse(statement))


def test_mutable_becomes_array_plus_constant_tile_shape() -> None:
    gemm = dict(EXAMPLES)["gemm.gemm"]
    src = gemm.lower({"c": (64, 64)})
    assert re.search(
        r"def gemm\(c, c__t0: ct.Constant\[int\], c__t1: ct.Constant\[int\], a, b,", src
    )
    assert unparsed("i, j = (ct.bid(0), ct.bid(1))") in src
    assert unparsed("bm, bn = (c__t0, c__t1)") in src
    assert "ct.store(c, index=(ct.bid(0), ct.bid(1)), tile=ct.astype(acc, c.dtype))" in src


@pytest.mark.parametrize(
    ("kernel", "needles"),
    [
        (
            K.math_ops,
            [
                "ct.exp(",
                "ct.sqrt(",
                "ct.sin(",
                "ct.cos(",
                "ct.tanh(",
                "ct.maximum(",
                "ct.minimum(",
                "ct.exp2(",
                "ct.log(",
                "ct.rsqrt(",
                "ct.abs(",
                "@ct.function\ndef _tilert_fn_soft_sign(t):",
                "_tilert_fn_soft_sign(t)",
            ],
        ),
        (
            K.select_cast,
            ["ct.where(", "ct.astype(t * 10.0, ct.int32)", "ct.full((z__t0,), -1, ct.int32)"],
        ),
        (
            K.row_stats,
            [
                "ct.sum(r, axis=1, keepdims=True)",
                "ct.prod(",
                "ct.min(",
                "ct.cat((",
                "axis=1",
                "float('-inf')",
                "shape=(1, bc)",
            ],
        ),
        (
            K.block_ids,
            ["ct.num_blocks(1)", "ct.broadcast_to(", "ct.expand_dims(", "ct.cdiv(z.shape[1], bn)"],
        ),
        (K.reshape_ops, ["ct.transpose(t)", "ct.permute(t, (1, 0))", "ct.reshape("]),
        (
            K.more_math,
            [
                "ct.tan(",
                "ct.sinh(",
                "ct.cosh(",
                "ct.log2(",
                "ct.floor(",
                "ct.ceil(",
                "ct.atan2(t, t * 0.5 - 0.25)",
                "ct.pow(",
                "ct.isnan(",
            ],
        ),
        (
            K.arg_reduce,
            [
                "ct.argmax(r, axis=1, keepdims=True)",
                "ct.argmin(r, 1, keepdims=True)",
                "ct.argmax(r)",
                "ct.argmin(r, None, keepdims=True)",
            ],
        ),
        (
            K.scans,
            [
                "ct.cumsum(t, 1)",
                "ct.cumprod(1.0 + t * 0.01, axis=0, reverse=True)",
                "ct.cumsum(counts, axis=1, reverse=True)",
            ],
        ),
        (K.small_matmul, ["ct.matmul("]),
        (K.shout, ["ct.printf('block %d\\n', ct.bid(0))", "if ct.bid(0) == 0:"]),
    ],
    ids=lambda v: getattr(v, "name", "")[:20],
)
def test_kernel_language_ops_map_to_cuda_tile(kernel: Kernel, needles: list[str]) -> None:
    src = kernel.lower()
    compile(src, kernel.name, "exec")
    for needle in needles:
        assert needle in src, (needle, src)


def test_module_level_constants_are_written_where_they_are_used() -> None:
    src = K.module_constants.lower({"z": (128,)})
    compile(src, "module_constants", "exec")
    assert re.search(r"\(?low, high\)? = \(0\.5, 2\.0\)", src)  # (3.10 parenthesizes)
    assert "ct.maximum(t, -0.75), 0.75)" in src and "+ low + 3" in src
    assert "123.0" not in src  # the kernel's own `t`, not the module's


def test_cat_of_four_tiles_lowers_to_pairs_of_pairs() -> None:
    src = K.cat_four.lower({"z": (64,)})
    compile(src, "cat_four", "exec")
    assert "ct.cat((ct.cat((d, c), axis=0), ct.cat((b, a), axis=0)), axis=0)" in src


def test_loads_pad_with_zeros_as_the_interpreter_reads_past_the_edge() -> None:
    src = K.math_ops.lower()
    assert "padding_mode=ct.PaddingMode.ZERO" in src


def test_mapped_partition_lowers_to_a_persistent_loop() -> None:
    src = gemm_kernels.gemm_f16.lower({"c": (128, 128)}, mapped=("c",))
    compile(src, "gemm_persistent", "exec")
    assert "c__group: ct.Constant[int]" in src
    assert (
        "in range(ct.bid(0), ct.cdiv(c.shape[0], c__t0) * ct.cdiv(c.shape[1], c__t1), "
        "ct.num_blocks(0)):" in src
    )
    assert "idx = _tilert_tile_coords_2(" in src
    assert "ct.store(c, index=idx, tile=ct.astype(acc, c.dtype))" in src


def test_generated_lines_map_back_to_the_users_file() -> None:
    lowered = lower_kernel(K.math_ops, {"z": MutableSpec(1)})
    src_lines = lowered.source.splitlines()
    gen = next(i for i, s in enumerate(src_lines, 1) if "ct.rsqrt" in s)
    user = lowered.user_line(gen)
    assert lowered.path.endswith("cutile_kernels.py")
    assert user is not None
    text = Path(lowered.path).read_text().splitlines()[user - 1]
    assert "tl.rsqrt" in text


def test_lowering_needs_no_gpu_backend() -> None:
    # lowering is plain text work: it runs under the interpreter backend too
    assert tr.__name__ == "tilert"
    assert "ct.kernel" in gemm_kernels.gemm_tiles.lower({"c": (128, 128)})


@tr.kernel
def _store_through_alias(z: tr.Mutable[tr.Tensor[tr.f32]], x: tr.Shared[tr.Tensor[tr.f32]]) -> None:
    out = z
    (n,) = out.tile_shape
    out.store(tl.load_tile_like(x, out) + tl.full((n,), 1.0, tl.f32))


@tr.kernel
def _alias_on_one_path(
    z: tr.Mutable[tr.Tensor[tr.f32]], x: tr.Shared[tr.Tensor[tr.f32]], flag: bool
) -> None:
    out = z
    if flag:
        out = z
    out.store(tl.load_tile_like(x, z))


def test_a_plain_alias_of_a_mutable_parameter_lowers_as_the_parameter() -> None:
    source = _store_through_alias.lower({"z": (4,)})
    assert "out" not in source
    assert "ct.store(z, index=(ct.bid(0),)" in source
    assert "ct.load(x, index=(ct.bid(0),), shape=(z__t0,)" in source
    ast.parse(source)


def test_an_alias_bound_on_some_paths_is_a_kernel_error_at_its_line() -> None:
    line = _alias_on_one_path.fn.__code__.co_firstlineno + 4  # the first `out = z`
    with pytest.raises(tr.KernelError, match=rf"test_lowering.py:{line}: .*`out` may hold"):
        _alias_on_one_path.lower({"z": (4,)})


def test_constant_slices_lower_to_extract() -> None:
    src = K.sub_tiles.lower({"z": (4, 16)})
    compile(src, "sub_tiles", "exec")
    assert "lo = ct.extract(t, index=(0, 0), shape=(t.shape[0], 8))" in src  # HALF = 8
    assert "hi = ct.extract(t, (0, 1), (4, 8))" in src
    assert "rows = ct.extract(t, index=(1, 0), shape=(2, 16))" in src
    # a Const bound: the compiler checks the alignment the interpreter checks at run time
    assert "quarter = ct.extract(t, index=(0, bc // (2 * bc - bc)), shape=(2, 2 * bc - bc))" in src
    assert "ct.static_assert(" in src and "slice bc:2 * bc of axis 1" in src
    assert "ct.extract(t, index=(1, 0), shape=(2, 16))[None, :, :]" in src


def _sliced(tmp_path: Path, body: str) -> Kernel:
    """A kernel, in a file of its own, whose only tile expression is ``body`` (of the (8, 16)
    tile ``t``); ``body`` is on line 8."""
    path = tmp_path / "sliced.py"
    path.write_text(
        "import tilert as tr\n"
        "import tilert.lang as tl\n"
        "from tilert import Const, Mutable, Tensor, f32\n"
        "@tr.kernel\n"
        "def sliced(z: Mutable[Tensor[f32]], n: Const[int]) -> None:\n"
        "    t = z.load()\n"
        "    i = tl.bid(0)\n"
        f"    z.store({body})\n"
    )
    spec = importlib.util.spec_from_file_location("sliced_kernel", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    kernel: Kernel = module.sliced
    return kernel


def test_a_slice_bound_computed_at_run_time_is_refused_when_decorated(tmp_path: Path) -> None:
    """The interpreter could run ``t[:, i:i + 4]``, the GPU cannot extract it: both refuse it,
    when the kernel is decorated."""
    with pytest.raises(tr.KernelError, match=r"sliced\.py:8:\d+: TC204 .*slice bound `i`"):
        _sliced(tmp_path, "t[:, i:i + 4]")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("t[:, 0:3]", r"slice 0:3 of axis 1: the length must be a power of two"),
        ("t[:, 4:12]", r"slice 4:12 of axis 1: .* the start a non-negative multiple of it"),
        ("t[:, 0:8:2]", r"tile slices take no step"),
        ("t[:, 8:]", r"a tile slice gives both bounds"),
        ("t[0, 0:8]", r"a sliced tile takes only `:`, `a:b` and None"),
    ],
)
def test_slices_the_gpu_cannot_extract_are_refused_at_the_line(
    tmp_path: Path, body: str, message: str
) -> None:
    kernel = _sliced(tmp_path, body)
    with pytest.raises(tr.KernelError, match=r"sliced\.py:8: cannot lower to cuTile: .*" + message):
        lower_kernel(kernel, {"z": MutableSpec(2)})


def test_a_dependent_launch_waits_for_the_kernel_before_first_thing() -> None:
    """TILERT_DEPENDENT_LAUNCH: the kernel's first operations wait for the kernel before it on
    the stream (its writes visible) and let the next one be scheduled; off, neither is there."""
    on = lower_kernel(K.math_ops, {"z": MutableSpec(1)}, dependent_launch=True).source
    compile(on, "math_ops", "exec")
    body = on.split("def math_ops(", 1)[1].splitlines()[1:]
    first = [line.strip() for line in body if line.strip()][:2]
    assert first == [
        "ct.grid_dependency_control_wait()",
        "ct.grid_dependency_control_launch_dependents()",
    ]
    off = lower_kernel(K.math_ops, {"z": MutableSpec(1)}).source
    assert "grid_dependency" not in off


def test_the_language_reached_through_the_package_lowers_as_tl() -> None:
    src = K.package_lang.lower({"z": (64,)})
    compile(src, "package_lang", "exec")
    assert "ct.exp(ct.load(x," in src
