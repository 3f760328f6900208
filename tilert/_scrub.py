"""The L2 scrub of cold autotuning (``@tr.autotune(cold=True)``): a kernel writing zeros over a
buffer larger than the L2 cache, so that the timed op after it reads its operands from HBM.
The tuner imports it when first needed."""

# mypy: disable-error-code="attr-defined"

from __future__ import annotations

import tilert.lang as tl
from tilert.annotations import Mutable
from tilert.dtypes import i32
from tilert.kernel import kernel
from tilert.tensor import Tensor


@kernel
def autotune_scrub(out: Mutable[Tensor[i32]]) -> None:
    out.store(tl.zeros(out.tile_shape, tl.i32))
