"""``tr.cuda_kernel``: a CUDA C++ kernel (or PTX, or a cubin) launched under the host-side
borrow rules of ``@tr.kernel``. A call checks its arguments, takes its borrows and builds the
same lazy ``Op``; the launch hands the kernel disjoint outputs and untouched inputs. What the
CUDA code does inside is its author's burden, as in cuTile Rust.

    add = tr.cuda_kernel(SOURCE, "add", params=[Mutable[Tensor[f32]], Shared[Tensor[f32]],
                         Shared[Tensor[f32]], int], block=256)
    add(z.partition((256,)), x, y, n).sync()   # one CUDA block per tile: grid (n / 256,)

A Mutable or Shared argument arrives as a pointer to the tensor's first element; ``int`` as a
32-bit ``int``, ``float`` as a ``float``, ``bool`` as a ``bool``, a dtype (``tr.i64``, ``tr.f64``)
as that C type. The grid is the Mutable partitions' (dimension 0 is ``blockIdx.x``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from tilert import backends
from tilert._core.where import user_callsite
from tilert._launch import launch_op
from tilert.errors import KernelError
from tilert.kernel import _param
from tilert.ops import Op
from tilert.signature import Param, ParamKind
from tilert.streams import Stream

CodeType = str  # "c++" (NVRTC), "ptx" or "cubin"


class CudaKernel:
    """A CUDA kernel with a tilert signature. Calling it with partitions, tensors and scalars
    returns an ``Op``, checked and borrowed exactly as a ``@tr.kernel`` launch."""

    unsafe = False

    def __init__(
        self,
        source: str | bytes,
        name: str,
        params: Sequence[Any] | Mapping[str, Any],
        block: int | Sequence[int],
        *,
        code_type: CodeType | None = None,
        defined_at: str = "<unknown>",
    ) -> None:
        self.source = source
        self.name = name
        self.defined_at = defined_at
        self.code_type = code_type or _code_type(source)
        named = params.items() if isinstance(params, Mapping) else _numbered(params)
        self.params = tuple(self._parameter(pname, hint) for pname, hint in named)
        self.block = _block(block, self)
        self._label = f"op `{name}`"
        self._reading = f"read by op `{name}`"
        self._writing = f"written by op `{name}`"
        self._compiled: Any = None  # the loaded cuda.core Kernel (tilert.cuda.nvrtc)

    def __call__(self, *args: Any, grid: Sequence[int] | int | None = None) -> Op:
        if len(args) != len(self.params):
            raise TypeError(
                f"cuda kernel `{self.name}` takes {len(self.params)} arguments "
                f"({', '.join(p.name for p in self.params)}), got {len(args)}"
            )
        values = tuple(
            _c_value(self, p, v) if p.kind is ParamKind.SCALAR else v
            for p, v in zip(self.params, args, strict=True)
        )
        return launch_op(self, values, grid, user_callsite())

    def _run(self, values: tuple[Any, ...], grid: tuple[int, ...], stream: Stream) -> None:
        """The op's step: launch on ``stream`` (the GPU only), each tensor passed as a pointer
        to its first element; its Mutable tensors' last writer is then this launch."""
        backend = backends.current()
        if backend.device_kind != "cuda":
            raise RuntimeError(
                f"cuda kernel `{self.name}` (defined at {self.defined_at}) is CUDA code: it runs "
                "on the GPU only (the cutile backend); the interpreter cannot run it. "
                "`python -m tilert doctor` says why the GPU is not used"
            )
        args: list[object] = []
        written = []
        for p, v in zip(self.params, values, strict=True):
            if p.kind is ParamKind.MUTABLE:
                args.append(np.uint64(v.tensor._device_pointer(dense=True)))
                written.append(v.tensor)
            elif p.kind is ParamKind.SHARED:
                args.append(np.uint64(v._device_pointer(dense=True)))
            else:
                args.append(v)  # a numpy scalar of the parameter's C type (see __call__)
        backend.launch_cuda(self, args, grid, stream)
        writer = (stream, stream._launched)
        for t in written:
            t._writer = writer

    def _parameter(self, name: str, hint: Any) -> Param:
        p = _param(name, hint)
        if p is None or p.kind is ParamKind.CONST:
            raise KernelError(
                f"{self.defined_at}: cuda kernel `{self.name}`: parameter `{name}` needs "
                "Mutable[Tensor[dt]], Shared[Tensor[dt]], int, float, bool or a dtype, "
                f"got {hint!r}"
            )
        return p

    def __repr__(self) -> str:
        return f"<tilert cuda kernel {self.name} ({self.code_type})>"


def cuda_kernel(
    source: str | bytes,
    name: str,
    *,
    params: Sequence[Any] | Mapping[str, Any],
    block: int | Sequence[int],
    code_type: CodeType | None = None,
) -> CudaKernel:
    """A launcher for the ``__global__`` function ``name`` of ``source``: CUDA C++ compiled
    with NVRTC for this GPU on first launch, PTX text (``code_type="ptx"``, or detected by its
    ``.version`` line) or cubin bytes. ``params`` gives each parameter's kind in order (a dict
    names them for messages); ``block`` is threads per block. C++ kernels need ``extern "C"``
    (or ``name`` as the mangled name)."""
    return CudaKernel(
        source,
        name,
        params,
        block,
        code_type=code_type,
        defined_at=user_callsite(),
    )


_C_TYPES: dict[type, type[np.generic]] = {int: np.int32, float: np.float32, bool: np.bool_}


def _c_value(kernel: CudaKernel, p: Param, value: Any) -> np.generic:
    """A scalar argument as the C type of its parameter (checked here, before any borrow)."""
    c_type = p.dtype.np_dtype.type if p.dtype is not None else _C_TYPES[p.py_type or int]
    if not isinstance(value, p.accepts):
        raise TypeError(
            f"parameter `{p.name}` of cuda kernel `{kernel.name}` is a "
            f"{np.dtype(c_type).name}, got {value!r}"
        )
    try:
        converted: np.generic = c_type(value)
    except OverflowError as exc:
        raise TypeError(
            f"parameter `{p.name}` of cuda kernel `{kernel.name}` is a "
            f"{np.dtype(c_type).name}: {value!r} does not fit"
        ) from exc
    return converted


def _numbered(params: Sequence[Any]) -> list[tuple[str, Any]]:
    if isinstance(params, (str, bytes)) or not isinstance(params, Sequence):
        raise TypeError(f"params must be a list (or a dict) of parameter kinds, got {params!r}")
    return [(f"arg{i}", hint) for i, hint in enumerate(params)]


def _code_type(source: str | bytes) -> CodeType:
    if isinstance(source, bytes):
        return "cubin"
    return "ptx" if source.lstrip().startswith((".version", "//")) and ".entry" in source else "c++"


def _block(block: int | Sequence[int], kernel: CudaKernel) -> tuple[int, ...]:
    dims = (
        (block,) if isinstance(block, int) else tuple(block) if isinstance(block, Sequence) else ()
    )
    if not 1 <= len(dims) <= 3 or not all(isinstance(d, int) and d >= 1 for d in dims):
        raise ValueError(
            f"cuda kernel `{kernel.name}`: block must be 1 to 3 positive ints (threads per "
            f"block), got {block!r}"
        )
    return dims
