"""Views on the GPU give the interpreter's results: views passed to kernels (a layer of a KV
cache at an offset, strided columns written, transposed tensors read), astype, copies into and
out of views, and the pointer and strides a view exports."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import tilert as tr
from tests.gpu.test_gpu import both
from tests.support.kernels import add, copy, fill2, scale

pytestmark = pytest.mark.gpu

RNG = np.random.default_rng(16)
KV = RNG.standard_normal((3, 64, 96)).astype(np.float32)  # 96: the last 64-tile is masked
X = RNG.standard_normal((48, 128)).astype(np.float32)

Arrays = list[np.ndarray[Any, Any]]


def _layers() -> Arrays:
    kv = tr.from_numpy(KV)
    ones = tr.ones((64, 96))
    first = scale(kv[0].partition((16, 64)), 3.0).submit()
    second = add(kv[2].partition((32, 32)), kv[1], ones).submit()  # reads the layer between
    first.wait()
    second.wait()
    return [kv.to_numpy(), kv[2].to_numpy(), kv[:, 5].to_numpy()]


def _strided_and_transposed() -> Arrays:
    x = tr.from_numpy(X)
    copy(x[:, 1::2].partition((16, 32)), tr.from_numpy(X[:, ::2] * 2)).sync()
    fill2(x[::3, ::2].partition((8, 32)), x[1::3, ::2].partition((8, 32)), 7.0).sync()
    out = tr.zeros((128, 48))
    copy(out.partition((32, 16)), x.T).sync()
    cube = tr.zeros((96, 64, 3))
    copy(cube.partition((32, 16, 2)), tr.from_numpy(KV).permute(2, 1, 0)).sync()
    return [x.to_numpy(), out.to_numpy(), cube.to_numpy(), x[5:40:7, 3::5].to_numpy()]


def _conversions() -> Arrays:
    x = tr.from_numpy(X * 1000)
    five = tr.from_numpy(np.arange(2 * 3 * 4 * 5 * 6, dtype=np.float64).reshape(2, 3, 4, 5, 6))
    bits = tr.from_numpy(X).view(tr.i32)
    return [
        x.astype(tr.i32).to_numpy(),
        x[:, ::3].astype(tr.f16).to_numpy(),
        x.T.contiguous().to_numpy(),
        five.transpose(0, 4).astype(tr.f32).to_numpy(),
        bits[2:9].astype(tr.i64).to_numpy(),
        tr.from_numpy(X).view(tr.f16)[:, 10:30].to_numpy(),
    ]


def _copies() -> Arrays:
    kv = tr.from_numpy(KV)
    kv[1].copy_from(np.zeros((64, 96), np.float32))  # a contiguous view: at its offset
    kv[:, ::2, 1::2].copy_from(np.full((3, 32, 48), 4.0, np.float32))  # strided: a kernel
    kv[2, :, :8].copy_from(kv[0, :, 8:16])  # GPU to GPU, strided both sides
    dense = tr.zeros((64, 96))
    dense.copy_from(kv[0])
    return [kv.to_numpy(), dense.to_numpy(), kv[0, ::4, ::8].to_numpy()]


CASES = [_layers, _strided_and_transposed, _conversions, _copies]


@pytest.mark.parametrize("run", CASES, ids=[c.__name__.strip("_") for c in CASES])
def test_views_match_the_interpreter(monkeypatch: pytest.MonkeyPatch, run: Any) -> None:
    expect, got = both(monkeypatch, run)
    assert len(expect) == len(got)
    for e, g in zip(expect, got, strict=True):
        assert e.dtype == g.dtype and e.shape == g.shape
        np.testing.assert_array_equal(g, e)


def test_a_views_memory_is_its_part_of_the_base(cutile: None) -> None:
    kv = tr.from_numpy(KV)
    base = kv.__cuda_array_interface__["data"][0]
    layer = kv[1].__cuda_array_interface__
    assert layer["data"][0] == base + 64 * 96 * 4 and layer["strides"] is None
    columns = kv[2, :, 1::2].__cuda_array_interface__
    assert columns["data"][0] == base + (2 * 64 * 96 + 1) * 4
    assert columns["strides"] == (96 * 4, 2 * 4) and columns["shape"] == (64, 48)
    host = np.from_dlpack(kv[2, :, 1::2], device="cpu")
    np.testing.assert_array_equal(host, KV[2, :, 1::2])
