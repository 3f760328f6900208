"""``prefetch_l2(x)``: bring a tensor's bytes into the GPU's L2 cache ahead of the kernel that
reads them. A hint: it reads ``x`` (Shared) and writes nothing, so results never depend on it,
and the interpreter runs it as nothing.

Why: a memory-bound kernel that follows a phase which moves little data (a decode step's
attention, a collective) can find its weights already in L2 if HBM filled it during that
phase. Recorded on a branch of a graph (``g.record(tk.prefetch_l2(w), stream=side)``) the
fills run beside that phase; in the step's own stream they would simply take their time
before the next kernel. The kernel issues ``cp.async.bulk.prefetch.L2`` (sm_90 and later) for
16 KiB pieces of ``x``'s memory; it returns once they are issued, not filled. Before sm_90 it
does nothing."""

from __future__ import annotations

from typing import Any

import numpy as np

import tilert as tr
from tilert import backends
from tilert.cuda_kernel import CudaKernel
from tilert.kernels._common import FLOATS, INTEGERS, writes
from tilert.ops import Op
from tilert.streams import Stream
from tilert.tensor import Tensor

_SOURCE = r"""
extern "C" __global__ void prefetch_l2(const unsigned char* x, long long nbytes) {
    const long long piece = 16384;
    long long pieces = (nbytes + piece - 1) / piece;
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < pieces; i += stride) {
        long long left = nbytes - i * piece;
        unsigned size = (unsigned)(left < piece ? left : piece);
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" :: "l"(x + i * piece), "r"(size)
                     : "memory");
    }
}
"""
_BLOCKS = 32  # of 128 threads: 4096 prefetches in flight, a 64 MB span in one pass
_kernels: dict[Any, _Prefetch] = {}


class _Prefetch(CudaKernel):
    """The CUDA kernel for one dtype; nothing to run where there is no GPU, or where the GPU
    lacks the instruction (before sm_90): a hint changes no result."""

    def _run(self, values: tuple[Any, ...], grid: tuple[int, ...], stream: Stream) -> None:
        if backends.current().device_kind != "cuda":
            return
        cc = tr.Device().compute_capability
        if cc is None or cc < (9, 0):
            return
        super()._run(values, grid, stream)


@writes()
def prefetch_l2(x: Tensor[Any], nbytes: int | None = None) -> Op:
    """An op that loads the first ``nbytes`` of ``x`` (all of it by default) into L2. ``x``
    must be contiguous (its bytes are one span)."""
    if not x.is_contiguous():
        raise ValueError("prefetch_l2: the tensor must be contiguous (its bytes are one span)")
    size = x.nbytes if nbytes is None else int(nbytes)
    if not 0 <= size <= x.nbytes:
        raise ValueError(f"prefetch_l2: nbytes={nbytes} is outside 0..{x.nbytes}")
    kernel = _kernels.get(x.dtype)
    if kernel is None:
        if x.dtype not in (*FLOATS, *INTEGERS):
            raise TypeError(f"prefetch_l2: unsupported dtype {x.dtype}")
        params = {"x": tr.Shared[Tensor[x.dtype]], "nbytes": tr.i64}  # type: ignore[name-defined]
        kernel = _kernels[x.dtype] = _Prefetch(_SOURCE, "prefetch_l2", params, 128)
    return kernel(x, np.int64(size), grid=(_BLOCKS,))
