"""Name resolution shared by the static checker and the runtime.

The kernel rules (TC2xx) see only syntax. What a name in a kernel means (``tl.exp``, ``Mutable``,
a user's ``@tr.function`` helper) is answered by a ``NameResolver``: the static checker builds
one from the module's imports and definitions, the runtime from the kernel function's globals.
Both answer with the same canonical strings, so one rule implementation serves both."""

from __future__ import annotations

from typing import Protocol

# Canonical answers. tilert's public objects resolve to their public dotted path:
#   "tilert.Mutable", "tilert.Shared", "tilert.Tensor", "tilert.Const", "tilert.Tile",
#   "tilert.f32" (every dtype by its name), "tilert.kernel", "tilert.function",
#   "tilert.lang.<fn>" for kernel-language functions ("tilert.lang.exp",
#   "tilert.lang.unsafe.store"),
#   "builtins.<name>" for builtins (range, int, float, bool, min, max, len, print, ...).
# A user function decorated with @tr.function or @tr.kernel:
DEVICE_FUNCTION = "<device-function>"
UNKNOWN = None  # cannot tell (not yet defined, dynamic): rules stay silent


class NameResolver(Protocol):
    def resolve(self, dotted: str) -> str | None:
        """Canonical meaning of a dotted name as written in the kernel (``"tl.exp"``,
        ``"Mutable"``, ``"tr.f32"``, ``"helper"``), or None if unknown."""
        ...
