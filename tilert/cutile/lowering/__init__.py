"""Lower a validated kernel to cuTile Python source (``import cuda.tile as ct``).

The kernel's own AST is rewritten op for op: a Mutable ``z`` with a rank-R tile becomes the
array ``z`` plus ``ct.Constant[int]`` parameters ``z__t0 .. z__t{R-1}`` (its tile shape), so one
source serves every tile shape and cuTile specializes on the constants. Every statement of the
output remembers its line in the user's file, so a compiler error points at the user's code.
This package needs no GPU: it only writes text. One pass or concern per module; ``pipeline``
runs them in order."""

from __future__ import annotations

from tilert.cutile.lowering.pipeline import lower_kernel
from tilert.cutile.lowering.specs import Coercion, Lowered, MutableSpec

__all__ = ["Coercion", "Lowered", "MutableSpec", "lower_kernel"]
