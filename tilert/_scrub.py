"""The L2 scrub of cold autotuning (``@tr.autotune(cold=True)``): a kernel writing zeros over a
buffer larger than the L2 cache, so that the timed op after it reads its operands from HBM.
Imported by the tuner when first needed (it is a kernel: it needs the package loaded)."""

# mypy: disable-error-code="attr-defined"

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Tensor, i32


@tr.kernel
def autotune_scrub(out: Mutable[Tensor[i32]]) -> None:
    out.store(tl.zeros(out.tile_shape, tl.i32))
