"""A kernel's parameters as the checker sees them, read from the syntax of its ``def``.

The host-side rules (which argument must be a Partition) and the kernel-side rules (no store
through a Shared parameter) both start from this. ``parse_signature`` lives in
``tilecheck.kernel`` next to TC206, which it reports."""

from __future__ import annotations

import enum

from tilecheck.diagnostics import Span
from tilecheck.frozen import frozen


class ParamKind(enum.Enum):
    MUTABLE = "mutable"  # Mutable[Tensor[dt]]: takes a Partition on the host
    SHARED = "shared"  # Shared[Tensor[dt]]: takes a Tensor on the host
    SCALAR = "scalar"  # int / float / bool / a dtype: takes a Python or numpy scalar
    CONST = "const"  # Const[int|float|bool]: a scalar that specializes the compiled kernel
    TILE = "tile"  # Tile[dt]: only in @tr.function helpers


@frozen
class ParamSig:
    name: str
    kind: ParamKind
    dtype: str | None  # canonical dtype name ("f32") or None when not stated / not a tensor
    span: Span  # the parameter in the source


@frozen
class KernelSignature:
    name: str
    params: tuple[ParamSig, ...]
    is_function: bool  # @tr.function rather than @tr.kernel
    unsafe: bool  # @tr.kernel(unsafe=True)
    span: Span  # the ``def`` line

    def param(self, name: str) -> ParamSig | None:
        for p in self.params:
            if p.name == name:
                return p
        return None
