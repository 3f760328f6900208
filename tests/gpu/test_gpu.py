"""The cutile backend on the GPU gives the interpreter's results: every example, every
kernel-language op, edge tiles, persistent launches, streams, interop and compile errors.
Skipped (by conftest) where no GPU backend is usable."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tests.support import REPO, gemm_kernels
from tests.support import cutile_kernels as K
from tilert import Const, Mutable, Tensor, backends, f16, f32, i32

ROOT = REPO
pytestmark = pytest.mark.gpu


def _use(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setenv("TILERT_BACKEND", name)
    backends.current.cache_clear()


@pytest.fixture
def cutile(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    _use(monkeypatch, "cutile")
    yield
    backends.current.cache_clear()


def both(
    monkeypatch: pytest.MonkeyPatch, run: Callable[[], list[np.ndarray[Any, Any]]]
) -> tuple[list[np.ndarray[Any, Any]], list[np.ndarray[Any, Any]]]:
    """``run`` under the interpreter, then under cutile (tensors made inside ``run``)."""
    _use(monkeypatch, "interpret")
    expect = run()
    _use(monkeypatch, "cutile")
    assert backends.current().name == "cutile"
    got = run()
    backends.current.cache_clear()
    return expect, got


RNG = np.random.default_rng(7)
X1 = RNG.standard_normal(1000).astype(np.float32)  # 1000: the last 128-tile is masked
X2 = RNG.standard_normal((5, 300)).astype(np.float32)
X3 = RNG.standard_normal((32, 16)).astype(np.float32)


def _close(expect: list[Any], got: list[Any], rtol: float = 1e-5, atol: float = 1e-5) -> None:
    assert len(expect) == len(got)
    for e, g in zip(expect, got, strict=True):
        assert e.dtype == g.dtype and e.shape == g.shape
        np.testing.assert_allclose(g, e, rtol=rtol, atol=atol)


def test_device_tensors_live_on_the_gpu(cutile: None) -> None:
    t = tr.from_numpy(X1)
    assert t.device.startswith("cuda") and t._storage.on_device
    cai = t.__cuda_array_interface__
    assert cai["version"] == 3 and cai["shape"] == (1000,) and cai["typestr"] == "<f4"
    np.testing.assert_array_equal(t.to_numpy(), X1)
    u = tr.zeros((1000,), dtype=f32).copy_from(t)
    np.testing.assert_array_equal(u.to_numpy(), X1)
    np.testing.assert_array_equal(tr.arange(8, dtype=i32).to_numpy(), np.arange(8))
    np.testing.assert_array_equal(tr.full((3,), 2.5).to_numpy(), np.full(3, 2.5, np.float32))


@pytest.mark.parametrize("name", [p.stem for p in sorted((ROOT / "examples").glob("*.py"))])
def test_example_runs_on_the_gpu(cutile: None, name: str) -> None:
    spec = importlib.util.spec_from_file_location(
        f"gpu_example_{name}", ROOT / "examples" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main()  # each example asserts its result against numpy


def test_math_ops_match_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        z = tr.zeros((1000,), dtype=f32)
        K.math_ops(z.partition((128,)), tr.from_numpy(X1)).sync()
        return [z.to_numpy()]

    _close(*both(monkeypatch, run), rtol=1e-4, atol=1e-4)


def test_the_language_through_the_package_matches_interpreter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        z = tr.zeros((1000,), dtype=f32)
        K.package_lang(z.partition((128,)), tr.from_numpy(X1)).sync()
        return [z.to_numpy()]

    _close(*both(monkeypatch, run), rtol=1e-5, atol=1e-5)


def test_module_level_constants_match_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        z = tr.zeros((1000,), dtype=f32)
        K.module_constants(z.partition((128,)), tr.from_numpy(X1)).sync()
        return [z.to_numpy()]

    _close(*both(monkeypatch, run), rtol=1e-6, atol=1e-6)


def test_cat_of_four_tiles_matches_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        z = tr.zeros((1000,), dtype=f32)
        K.cat_four(z.partition((64,)), tr.from_numpy(X1)).sync()
        return [z.to_numpy()]

    _close(*both(monkeypatch, run), rtol=0, atol=0)


def test_random_numbers_are_the_interpreters_on_the_gpu(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        words = tr.zeros((1000,), dtype=tr.u32)
        K.philox_words(words.partition((128,)), 2**31 - 1).sync()
        u, g = tr.empty((1000,)), tr.empty((1000,))
        K.random_math(u.partition((256,)), g.partition((256,)), tr.from_numpy(X1), 42).sync()
        return [words.to_numpy(), u.to_numpy(), g.to_numpy()]

    expect, got = both(monkeypatch, run)
    np.testing.assert_array_equal(got[0], expect[0])  # the same Philox words
    np.testing.assert_array_equal(got[1], expect[1])  # 24-bit uniforms: exact in f32
    np.testing.assert_allclose(got[2], expect[2], rtol=1e-5, atol=1e-5)


def test_sigmoid_erf_softplus_match_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        z = tr.zeros((1000,), dtype=f32)
        K.smooth_math(z.partition((128,)), tr.from_numpy(X1 * 10.0)).sync()
        return [z.to_numpy()]

    _close(*both(monkeypatch, run), rtol=1e-5, atol=1e-5)


def test_log1p_expm1_match_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        z = tr.zeros((1000,), dtype=f32)
        xs = np.clip(X1, -0.9, None) * np.float32(1e-3)
        K.small_math(z.partition((128,)), tr.from_numpy(xs.astype(np.float32))).sync()
        return [z.to_numpy()]

    _close(*both(monkeypatch, run), rtol=2e-6, atol=1e-12)


def test_where_astype_full_match_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        z = tr.zeros((1000,), dtype=i32)
        K.select_cast(z.partition((256,)), tr.from_numpy(X1)).sync()
        return [z.to_numpy()]

    _close(*both(monkeypatch, run), rtol=0, atol=0)


def test_reductions_and_cat_match_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        z = tr.zeros((5, 4), dtype=f32)
        K.row_stats(z.partition((1, 4)), tr.from_numpy(X2), 512).sync()
        return [z.to_numpy()]

    _close(*both(monkeypatch, run), rtol=1e-4, atol=1e-4)


def test_more_math_matches_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        z = tr.zeros((1000,), dtype=f32)
        K.more_math(z.partition((128,)), tr.from_numpy(X1)).sync()
        return [z.to_numpy()]

    _close(*both(monkeypatch, run), rtol=1e-5, atol=1e-5)


# rows with ties, NaN (numpy's argmax would stop at the first one), all NaN, and -inf only
ARG_ROWS = np.array(
    [
        [1, 3, 3, -2, -2, 0, 1, 3],
        [1, np.nan, 3, 3, -2, np.nan, -2, 0],
        [np.nan] * 8,
        [np.nan, -np.inf, np.nan, -np.inf, -np.inf, np.nan, np.nan, np.nan],
        [np.nan, 2, np.nan, -1, 5, -1, 5, np.nan],
        [np.inf, np.nan, np.inf, -np.inf, 0, -np.inf, 0, 0],
    ],
    np.float32,
)


def test_argmax_argmin_ties_and_nan_match_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        out = []
        for x in (ARG_ROWS, X2):
            z = tr.zeros((x.shape[0], 4), dtype=i32)
            K.arg_reduce(z.partition((1, 4)), tr.from_numpy(x), 8 if x is ARG_ROWS else 512).sync()
            out.append(z.to_numpy())
        return out

    expect, got = both(monkeypatch, run)
    np.testing.assert_array_equal(expect[0][:, 0], [1, 2, 0, 1, 4, 0])  # what the interpreter says
    _close(expect, got, rtol=0, atol=0)


def test_cumsum_cumprod_match_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        a = tr.zeros((32, 16), dtype=f32)
        b = tr.zeros((32, 16), dtype=i32)
        K.scans(a.partition((4, 16)), b.partition((4, 16)), tr.from_numpy(X3)).sync()
        return [a.to_numpy(), b.to_numpy()]

    _close(*both(monkeypatch, run), rtol=1e-5, atol=1e-5)


def test_extract_and_constant_slices_match_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        z = tr.zeros((32, 16), dtype=f32)
        K.sub_tiles(z.partition((4, 16)), tr.from_numpy(X3), 4).sync()
        return [z.to_numpy()]

    _close(*both(monkeypatch, run), rtol=1e-5, atol=1e-5)


def test_block_ids_arange_broadcast_match_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        z = tr.zeros((16, 64), dtype=i32)
        K.block_ids(z.partition((4, 16))).sync()
        return [z.to_numpy()]

    _close(*both(monkeypatch, run), rtol=0, atol=0)


def test_reshape_permute_transpose_match_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    def run() -> list[np.ndarray[Any, Any]]:
        z = tr.zeros((16, 32), dtype=f32)
        K.reshape_ops(z.partition((8, 16)), tr.from_numpy(X3)).sync()
        return [z.to_numpy()]

    _close(*both(monkeypatch, run))


def test_matmul_matches_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    a = RNG.standard_normal((64, 32)).astype(np.float32)
    b = RNG.standard_normal((32, 64)).astype(np.float32)

    def run() -> list[np.ndarray[Any, Any]]:
        c = tr.zeros((64, 64), dtype=f32)
        K.small_matmul(c.partition((32, 32)), tr.from_numpy(a), tr.from_numpy(b)).sync()
        return [c.to_numpy()]

    _close(*both(monkeypatch, run), rtol=1e-2, atol=1e-2)  # tf32 tensor cores may round


@pytest.mark.parametrize("order", [tr.row_major, tr.grouped(2)], ids=["row-major", "grouped"])
def test_persistent_gemm_matches_interpreter(monkeypatch: pytest.MonkeyPatch, order: Any) -> None:
    a = RNG.standard_normal((256, 128)).astype(np.float16)
    b = RNG.standard_normal((128, 192)).astype(np.float16)

    def run() -> list[np.ndarray[Any, Any]]:
        c = tr.zeros((256, 192), dtype=f16)
        part = c.partition((64, 64)).mapped(blocks=5, order=order)
        gemm_kernels.gemm_f16(part, tr.from_numpy(a), tr.from_numpy(b), 32).sync()
        return [c.to_numpy()]

    _close(*both(monkeypatch, run), rtol=2e-2, atol=5e-2)


def test_edge_tiles_masked_2d(monkeypatch: pytest.MonkeyPatch) -> None:
    a = RNG.standard_normal((100, 72)).astype(np.float16)
    b = RNG.standard_normal((72, 90)).astype(np.float16)

    def run() -> list[np.ndarray[Any, Any]]:
        c = tr.zeros((100, 90), dtype=f16)
        gemm_kernels.gemm_tiles(
            c.partition((32, 32)), tr.from_numpy(a), tr.from_numpy(b), 16
        ).sync()
        return [c.to_numpy()]

    _close(*both(monkeypatch, run), rtol=2e-2, atol=5e-2)


def test_printf_kernel_runs(cutile: None) -> None:
    y = tr.zeros((256,), dtype=f32)
    K.shout(y.partition((128,))).sync()
    np.testing.assert_array_equal(y.to_numpy(), np.ones(256, np.float32))


def test_foreign_cuda_stream_is_accepted(cutile: None) -> None:
    from cuda.core import Device

    s = Device().create_stream()
    y = tr.zeros((1000,), dtype=f32)
    K.math_ops(y.partition((128,)), tr.from_numpy(X1)).sync_on(s)  # type: ignore[arg-type]
    assert np.isfinite(y.to_numpy()).all()


def test_streams_and_submit(cutile: None) -> None:
    s1, s2 = tr.Stream(), tr.Stream()
    x = tr.from_numpy(X1)
    y1, y2 = tr.zeros((1000,), dtype=f32), tr.zeros((1000,), dtype=f32)
    p1 = K.math_ops(y1.partition((128,)), x).submit(s1)
    p2 = K.math_ops(y2.partition((256,)), x).submit(s2)
    p1.wait()
    p2.wait()
    np.testing.assert_allclose(y1.to_numpy(), y2.to_numpy(), rtol=1e-5)


def test_torch_reads_device_tensor(cutile: None) -> None:
    torch = pytest.importorskip("torch")
    t = tr.from_numpy(X1)
    view = torch.as_tensor(t, device="cuda")
    np.testing.assert_array_equal(view.cpu().numpy(), X1)


@tr.kernel
def _odd_tile(z: Mutable[Tensor[f32]], n: Const[int]) -> None:
    z.store(z.load() + tl.sum(tl.zeros((n,), tl.f32)))


def test_kernel_cutile_rejects_reports_user_line(cutile: None) -> None:
    y = tr.zeros((64,), dtype=f32)
    with pytest.raises(
        tr.KernelError, match=r"test_gpu\.py:\d+: cuTile rejected kernel `_odd_tile`"
    ):
        _odd_tile(y.partition((64,)), 3).sync()


def test_compiled_kernel_is_cached(cutile: None) -> None:
    backend = backends.current()
    x = tr.from_numpy(X1)
    for _ in range(2):
        y = tr.zeros((1000,), dtype=f32)
        K.math_ops(y.partition((128,)), x).sync()
    assert sum(1 for key in backend._cache if key[0] == id(K.math_ops)) == 1  # type: ignore[attr-defined]
