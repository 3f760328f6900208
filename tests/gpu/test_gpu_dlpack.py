"""DLPack between tilert's GPU tensors and torch / cupy: both directions share device memory,
keep it alive, read what the other side wrote, and the borrow check guards the export.
Skipped (by conftest) where no GPU backend is usable; torch / cupy tests skip without them."""

from __future__ import annotations

import gc
from typing import Any

import ml_dtypes
import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, bf16, f32

pytestmark = pytest.mark.gpu

N = 1000  # the last 128-tile is masked
X = np.linspace(-3.0, 3.0, N, dtype=np.float32)


@tr.kernel
def add_one(z: Mutable[Tensor[f32]]) -> None:
    z.store(z.load() + 1.0)


@tr.kernel
def double_bf16(z: Mutable[Tensor[bf16]]) -> None:
    z.store(z.load() * 2.0)


def _torch() -> Any:
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("torch has no CUDA")
    return torch


def _cupy() -> Any:
    return pytest.importorskip("cupy")


# -- export: tilert -> torch / cupy ------------------------------------------------------------
def test_torch_reads_what_a_kernel_wrote(cutile: None) -> None:
    torch = _torch()
    z = tr.from_numpy(X)
    add_one(z.partition((128,))).sync()
    view = torch.from_dlpack(z)
    assert view.device.type == "cuda" and view.dtype == torch.float32 and view.shape == (N,)
    assert z._storage.on_device and view.data_ptr() == z._storage.ptr  # shared, not copied
    np.testing.assert_allclose(view.cpu().numpy(), X + 1.0)
    view.mul_(2.0)  # torch writes through the view
    torch.cuda.synchronize()
    np.testing.assert_allclose(z.to_numpy(), (X + 1.0) * 2.0)


def test_exported_memory_outlives_the_tensor(cutile: None) -> None:
    torch = _torch()
    z = tr.from_numpy(X)
    view = torch.from_dlpack(z)
    del z
    gc.collect()
    tr.zeros((N,), dtype=f32)  # an allocation that could reuse freed memory
    np.testing.assert_array_equal(view.cpu().numpy(), X)


def test_cupy_reads_what_a_kernel_wrote(cutile: None) -> None:
    cp = _cupy()
    z = tr.from_numpy(X)
    add_one(z.partition((128,))).sync()
    view = cp.from_dlpack(z)
    assert z._storage.on_device and view.data.ptr == z._storage.ptr
    np.testing.assert_allclose(cp.asnumpy(view), X + 1.0)


def test_bf16_export(cutile: None) -> None:
    torch = _torch()
    host = np.linspace(-2, 2, 256).astype(ml_dtypes.bfloat16)
    z = tr.from_numpy(host)
    double_bf16(z.partition((128,))).sync()
    view = torch.from_dlpack(z)
    assert view.dtype == torch.bfloat16
    np.testing.assert_array_equal(view.float().cpu().numpy(), host.astype(np.float32) * 2)


def test_export_is_refused_while_an_op_writes(cutile: None) -> None:
    torch = _torch()
    z = tr.from_numpy(X)
    pending = add_one(z.partition((128,))).submit()
    with pytest.raises(tr.BorrowError, match="export"):
        torch.from_dlpack(z)
    pending.wait()
    np.testing.assert_allclose(torch.from_dlpack(z).cpu().numpy(), X + 1.0)


def test_export_copies_on_request(cutile: None) -> None:
    torch = _torch()
    z = tr.from_numpy(X)
    copied = torch.from_dlpack(z.__dlpack__(copy=True))
    assert z._storage.on_device and copied.data_ptr() != z._storage.ptr
    copied.zero_()
    torch.cuda.synchronize()
    np.testing.assert_array_equal(z.to_numpy(), X)
    host = np.from_dlpack(z, device="cpu")  # numpy asks for dl_device=(kDLCPU, 0)
    np.testing.assert_array_equal(host, X)
    with pytest.raises(BufferError, match="copy=False"):
        z.__dlpack__(dl_device=(1, 0), copy=False)


# -- import: torch / cupy -> tilert ------------------------------------------------------------
def test_from_torch_shares_memory(cutile: None) -> None:
    torch = _torch()
    source = torch.from_numpy(X).cuda()
    t = tr.from_dlpack(source)
    assert t.device.startswith("cuda") and t.dtype is f32 and t.shape == (N,)
    assert t._storage.on_device and t._storage.ptr == source.data_ptr()
    add_one(t.partition((128,))).sync()  # a tilert kernel writes torch's memory
    np.testing.assert_allclose(source.cpu().numpy(), X + 1.0)


def test_from_torch_waits_for_torch_work(cutile: None) -> None:
    torch = _torch()
    source = torch.zeros(1 << 22, device="cuda")
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        for _ in range(20):
            source.add_(1.0)  # pending on torch's side stream
        t = tr.from_dlpack(source)  # asks torch to order that work before tilert's stream
    np.testing.assert_array_equal(t.to_numpy()[:8], np.full(8, 20.0, np.float32))


def test_imported_memory_outlives_the_producer(cutile: None) -> None:
    torch = _torch()
    source = torch.from_numpy(X).cuda()
    t = tr.from_dlpack(source)
    del source
    gc.collect()
    torch.cuda.empty_cache()
    torch.ones(N, device="cuda")  # an allocation that could reuse freed memory
    np.testing.assert_array_equal(t.to_numpy(), X)


def test_from_torch_bf16(cutile: None) -> None:
    torch = _torch()
    source = torch.linspace(-2, 2, 256, device="cuda", dtype=torch.bfloat16)
    t = tr.from_dlpack(source)
    assert t.dtype is bf16
    expected = source.float().cpu().numpy()
    np.testing.assert_array_equal(t.to_numpy().astype(np.float32), expected)
    double_bf16(t.partition((128,))).sync()
    np.testing.assert_array_equal(source.float().cpu().numpy(), expected * 2)


def test_from_torch_non_contiguous_is_refused(cutile: None) -> None:
    torch = _torch()
    source = torch.zeros((4, 6), device="cuda").t()
    with pytest.raises(BufferError, match=r"strides \(1, 6\)"):
        tr.from_dlpack(source)
    t = tr.from_dlpack(source.contiguous())
    assert t.shape == (6, 4)


def test_from_cupy_shares_memory(cutile: None) -> None:
    cp = _cupy()
    source = cp.asarray(X)
    t = tr.from_dlpack(source)
    assert t._storage.on_device and t._storage.ptr == source.data.ptr
    add_one(t.partition((128,))).sync()
    np.testing.assert_allclose(cp.asnumpy(source), X + 1.0)


class CudaArrayInterfaceOnly:
    """A producer like numba's device arrays: no DLPack, only ``__cuda_array_interface__``."""

    def __init__(self, tensor: Any) -> None:
        self.tensor = tensor
        self.__cuda_array_interface__ = tensor.__cuda_array_interface__


def test_from_cuda_array_interface_shares_memory(cutile: None) -> None:
    torch = _torch()
    source = torch.from_numpy(X).cuda()
    t = tr.from_dlpack(CudaArrayInterfaceOnly(source))
    assert t._storage.on_device and t._storage.ptr == source.data_ptr()
    add_one(t.partition((128,))).sync()
    np.testing.assert_allclose(source.cpu().numpy(), X + 1.0)


def test_host_producer_is_uploaded_under_cutile(cutile: None) -> None:
    t = tr.from_dlpack(X)
    assert t.device.startswith("cuda")
    np.testing.assert_array_equal(t.to_numpy(), X)


@tr.kernel
def scaled_sum(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) * 2.0 + tl.load_tile_like(y, z))


def test_torch_tensors_go_straight_in_as_shared_inputs(cutile: None) -> None:
    torch = _torch()
    x = torch.linspace(-3.0, 3.0, N, device="cuda")
    y = torch.ones(N, device="cuda")
    z = tr.zeros((N,), dtype=f32)
    scaled_sum(z.partition((128,)), x, y).sync()  # no tr.from_dlpack: shared for the launch
    torch.cuda.synchronize()
    np.testing.assert_allclose(z.to_numpy(), (x * 2.0 + y).cpu().numpy(), rtol=1e-6)
    out = torch.empty(N, device="cuda")
    scaled_sum(tr.from_dlpack(out).partition((128,)), x, y).sync()  # an output: said
    torch.cuda.synchronize()
    np.testing.assert_allclose(out.cpu().numpy(), (x * 2.0 + y).cpu().numpy(), rtol=1e-6)
