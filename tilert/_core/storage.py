"""The memory behind a ``Tensor``: a host numpy array (the interpreter's) or device memory (the
GPU's, ``tilert.cuda.memory.DeviceStorage``). A backend allocates it (``Backend.allocate``);
the tensor reads, writes and copies it through this interface only, so it never asks where
its data lives."""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np


class Storage(Protocol):
    """``nbytes`` contiguous bytes at address ``ptr``, on the device or on the host."""

    @property
    def nbytes(self) -> int: ...

    @property
    def ptr(self) -> int: ...

    @property
    def on_device(self) -> bool: ...

    def read(self, out: np.ndarray[Any, Any]) -> None:
        """Copy every byte into the C-contiguous host array ``out`` (of ``nbytes`` bytes)."""

    def write(self, data: np.ndarray[Any, Any]) -> None:
        """Overwrite every byte with the host array ``data`` (of ``nbytes`` bytes)."""

    def copy_from(self, other: Any) -> None:
        """Overwrite every byte with ``other``'s, a storage of the same size and place."""


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

    def read(self, out: np.ndarray[Any, Any]) -> None:
        np.copyto(out, self.array.reshape(out.shape), casting="no")

    def write(self, data: np.ndarray[Any, Any]) -> None:
        self.array[...] = data.reshape(self.array.shape)

    def copy_from(self, other: Any) -> None:
        self.array[...] = other.array
