"""The memory behind a ``Tensor``: a host numpy array (the interpreter's) or device memory (the
GPU's, ``tilert.cuda.memory.DeviceStorage``). A backend allocates it (``Backend.allocate``);
the tensor reads, writes and copies it through this interface only, so it never asks where
its data lives."""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from tilert._core.regions import Region


class Storage(Protocol):
    """``nbytes`` contiguous bytes at address ``ptr``, on the device or on the host. ``offset``
    (bytes) places a view's part; without it a copy covers every byte."""

    @property
    def nbytes(self) -> int: ...

    @property
    def ptr(self) -> int: ...

    @property
    def on_device(self) -> bool: ...

    def read(self, out: np.ndarray[Any, Any], offset: int = 0) -> None:
        """Copy ``out.nbytes`` bytes from ``offset`` into the C-contiguous host array ``out``."""

    def write(self, data: np.ndarray[Any, Any], offset: int = 0) -> None:
        """Overwrite ``data.nbytes`` bytes from ``offset`` with the host array ``data``."""

    def copy_from(
        self, other: Any, offset: int = 0, other_offset: int = 0, nbytes: int | None = None
    ) -> None:
        """Overwrite ``nbytes`` bytes (all, by default) with ``other``'s, a storage of the same
        place."""


def _bytes(array: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """A C-contiguous array's memory as flat bytes (a view)."""
    return array.reshape(-1).view(np.uint8)


class HostStorage:
    """A C-contiguous numpy array: what the interpreter's kernels read and write in place."""

    on_device = False

    def __init__(self, array: np.ndarray[Any, Any]) -> None:
        # (np.ascontiguousarray would make a 0-d array 1-d)
        self.array: np.ndarray[Any, Any] = np.asarray(array, order="C")

    @property
    def nbytes(self) -> int:
        return int(self.array.nbytes)

    @property
    def ptr(self) -> int:
        return int(self.array.ctypes.data)

    def read(self, out: np.ndarray[Any, Any], offset: int = 0) -> None:
        if not offset and out.nbytes == self.nbytes:
            np.copyto(out, self.array.reshape(out.shape), casting="no")
        else:
            _bytes(out)[...] = _bytes(self.array)[offset : offset + out.nbytes]

    def write(self, data: np.ndarray[Any, Any], offset: int = 0) -> None:
        if not offset and data.nbytes == self.nbytes:
            self.array[...] = data.reshape(self.array.shape)
        else:
            _bytes(self.array)[offset : offset + data.nbytes] = _bytes(np.ascontiguousarray(data))

    def copy_from(
        self, other: Any, offset: int = 0, other_offset: int = 0, nbytes: int | None = None
    ) -> None:
        if nbytes is None:
            self.array[...] = other.array
        else:
            source = _bytes(other.array)[other_offset : other_offset + nbytes]
            _bytes(self.array)[offset : offset + nbytes] = source


def read_region(storage: Storage, region: Region, dtype: np.dtype[Any]) -> np.ndarray[Any, Any]:
    """A dense host copy of the elements of ``region`` (a view's); reads the bytes it spans (a
    strided view's include its neighbours', which are dropped)."""
    start, end = region.span()
    if not region.size:
        return np.empty(region.shape, dtype=dtype)
    if isinstance(storage, HostStorage):
        buffer, start = _bytes(storage.array), 0
    else:
        buffer = np.empty(end - start, dtype=np.uint8)
        storage.read(buffer, start)
    elements: np.ndarray[Any, Any] = np.ndarray(
        region.shape, dtype, buffer, region.offset - start, region.strides
    )
    return np.array(elements, copy=True, order="C")


def write_region(storage: Storage, region: Region, data: np.ndarray[Any, Any]) -> bool:
    """Write the host array ``data`` (of the region's shape and dtype) into the elements of
    ``region``; False where that needs a kernel (a strided view on the device: writing the bytes
    it spans would overwrite its neighbours, which an op may be writing meanwhile)."""
    if not region.size:
        return True
    if isinstance(storage, HostStorage):
        elements: np.ndarray[Any, Any] = np.ndarray(
            region.shape, data.dtype, _bytes(storage.array), region.offset, region.strides
        )
        elements[...] = data
        return True
    if not region.is_contiguous():
        return False
    storage.write(np.ascontiguousarray(data), region.offset)
    return True
