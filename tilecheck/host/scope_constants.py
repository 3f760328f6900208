"""The integer constants one function's body sees, for its CFG (issue 17, round 36BF).

The CFG builder counts the turns of ``for _ in range(WARMUP)`` from the module constant
``WARMUP = 2`` (``tilecheck.flow.trips.counted``), so no finding is made on the zero-trip path
no run takes. Inside a function the constants are ``tilecheck.host.local_constants.scoped``'s,
as the body's analysis reads them (a parameter or a local of the same name hides the
module's; a name the body binds once to an integer is one of its own). The CFG is built
before that analysis runs, so they are asked for lazily here: computed once per function, and
only when a ``range`` of the body names a name (most bodies never ask)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.local_constants import scoped
from tilecheck.host.scopes import declared_outer


class ScopeConstants(Mapping[str, int]):
    """``ctx``'s constants as ``fn``'s body sees them, computed on first use."""

    def __init__(self, ctx: Context, fn: cst.FunctionDef | None) -> None:
        self._ctx = ctx
        self._fn = fn
        self._known: Mapping[str, int] | None = None

    def _constants(self) -> Mapping[str, int]:
        if self._known is None:
            fn = self._fn
            ctx = scoped(self._ctx, fn, declared_outer(fn.body)) if fn is not None else self._ctx
            self._known = ctx.constants
        return self._known

    def __getitem__(self, name: str) -> int:
        return self._constants()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._constants())

    def __len__(self) -> int:
        return len(self._constants())
