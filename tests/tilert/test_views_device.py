"""The GPU paths of views, on any machine: a stand-in device storage (host bytes behind the
Storage interface) shows what a view reads, writes and hands to ``ct.launch``: its part of the
storage, with its strides (tests/gpu/test_gpu_views.py runs them on the GPU)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.support.kernels import add
from tilert import Tensor
from tilert.cutile.backend import launch_arguments

BASE = np.arange(3 * 4 * 8, dtype=np.float32).reshape(3, 4, 8)


class DeviceLike:
    """Storage that is "on the device": reachable only through read, write and copy_from."""

    on_device = True

    def __init__(self, nbytes: int) -> None:
        self.memory = np.zeros(nbytes, np.uint8)
        self.nbytes = nbytes
        self.ptr = int(self.memory.ctypes.data)
        self.reads: list[tuple[int, int]] = []  # (offset, bytes) of each read

    def read(self, out: np.ndarray[Any, Any], offset: int = 0) -> None:
        assert out.flags.c_contiguous and offset + out.nbytes <= self.nbytes
        self.reads.append((offset, out.nbytes))
        out.reshape(-1).view(np.uint8)[...] = self.memory[offset : offset + out.nbytes]

    def write(self, data: np.ndarray[Any, Any], offset: int = 0) -> None:
        raw = np.ascontiguousarray(data).reshape(-1).view(np.uint8)
        assert offset + raw.nbytes <= self.nbytes
        self.memory[offset : offset + raw.nbytes] = raw

    def copy_from(
        self, other: Any, offset: int = 0, other_offset: int = 0, nbytes: int | None = None
    ) -> None:
        count = self.nbytes if nbytes is None else nbytes
        self.memory[offset : offset + count] = other.memory[other_offset : other_offset + count]


def on_device(array: np.ndarray[Any, Any]) -> Tensor[Any]:
    storage = DeviceLike(array.nbytes)
    storage.write(array)
    return Tensor(storage, array.shape, array.dtype, name="kv")


def test_a_strided_view_reads_the_bytes_it_spans() -> None:
    kv = on_device(BASE)
    np.testing.assert_array_equal(kv[1, :, 1::2].to_numpy(), BASE[1, :, 1::2])
    storage = kv._storage
    assert isinstance(storage, DeviceLike)
    assert storage.reads[-1] == ((32 + 1) * 4, (3 * 8 + 7) * 4)  # from [1,0,1] to [1,3,7]
    np.testing.assert_array_equal(kv.T[2:5].to_numpy(), BASE.T[2:5])
    np.testing.assert_array_equal(kv.view(np.int16)[2].to_numpy(), BASE.view(np.int16)[2])


def test_contiguous_views_copy_at_their_offset() -> None:
    kv = on_device(BASE)
    kv[2].copy_from(np.ones((4, 8), np.float32))
    kv[0, 1:3].copy_from(kv[1, 2:4])  # device to device: a copy of bytes at offsets
    expect = BASE.copy()
    expect[2] = 1
    expect[0, 1:3] = BASE[1, 2:4]
    np.testing.assert_array_equal(kv.to_numpy(), expect)
    dense = on_device(np.zeros((4, 8), np.float32))
    dense.copy_from(kv[1])
    np.testing.assert_array_equal(dense.to_numpy(), BASE[1])
    shifted = on_device(BASE[0, 0])  # overlapping memory goes through the host
    shifted[1:].copy_from(shifted[:-1])
    np.testing.assert_array_equal(shifted.to_numpy(), [0, 0, 1, 2, 3, 4, 5, 6])


def test_a_launch_gets_each_views_pointer_and_strides() -> None:
    kv = on_device(BASE)
    out, first, second = kv[2, :, ::2], kv[0, :, 1::2], kv[1, :, 4:]
    args, spec, written = launch_arguments(add, (out.partition((4, 4)), first, second))
    ptr = kv._storage.ptr
    cai = [a.__cuda_array_interface__ for a in args if hasattr(a, "__cuda_array_interface__")]
    assert [c["data"][0] - ptr for c in cai] == [2 * 32 * 4, 1 * 4, (32 + 4) * 4]
    assert [c["strides"] for c in cai] == [(32, 8), (32, 8), (32, 4)]
    assert [c["shape"] for c in cai] == [(4, 4), (4, 4), (4, 4)]
    assert spec == ((2, False),) and written == [out]
    # a family's launch views are made for each launch: the C launch path needs a kept one,
    # so it leaves their ops to the Python
    assert out._launch_view is None and kv._launch_view is None
    alone = on_device(BASE[0])
    launch_arguments(add, (alone.partition((4, 4)), alone, alone))
    assert alone._launch_view is not None


def test_the_array_interface_of_a_view() -> None:
    kv = on_device(BASE)
    whole = kv.__cuda_array_interface__
    assert whole["strides"] is None and whole["data"][0] == kv._storage.ptr
    layer = kv[1].__cuda_array_interface__
    assert layer["data"][0] == kv._storage.ptr + 32 * 4 and layer["strides"] is None
    cols = kv[:, 1, ::4].__cuda_array_interface__
    assert cols["data"][0] == kv._storage.ptr + 8 * 4 and cols["strides"] == (128, 16)
    assert kv[1]._device_pointer(dense=True) == kv._storage.ptr + 32 * 4
    with pytest.raises(ValueError, match=r"not contiguous.*pass t.contiguous\(\)"):
        kv[:, 1]._device_pointer(dense=True)  # (what a CUDA C++ kernel gets: no strides)
