"""Name resolution shared by the static checker and the runtime, and the canonical names of
tilert's objects that both analyses reason about.

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


LANG = "tilert.lang"
LANG_UNSAFE = "tilert.lang.unsafe"
KERNEL_DECORATOR = "tilert.kernel"
CUDA_KERNEL = "tilert.cuda_kernel"  # tr.cuda_kernel(source, name, params=[...], block=...)
FUNCTION_DECORATOR = "tilert.function"

MUTABLE = "tilert.Mutable"
SHARED = "tilert.Shared"
TENSOR = "tilert.Tensor"
CONST = "tilert.Const"
TILE = "tilert.Tile"

DTYPE_NAMES = frozenset(
    {"f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "bool_"}
    | {"f8e4m3fn", "f8e5m2", "f8e8m0fnu"}
)
# tilert objects that ``tilert.lang`` (and tilert's own submodules) re-export under the same
# name: whichever way a module imports them, they have one canonical name.
_REEXPORTED = frozenset(
    {"Mutable", "Shared", "Tensor", "Const", "Tile", "kernel", "function", "cuda_kernel"}
)
_COLLAPSIBLE = _REEXPORTED | DTYPE_NAMES


def canonical(name: str | None) -> str | None:
    """One spelling per tilert object: ``tilert.lang.f32``, ``tilert.dtypes.f32`` and
    ``tilert.f32`` are all ``tilert.f32``; ``tilert.lang.Tile`` is ``tilert.Tile``."""
    if name is None or not name.startswith("tilert."):
        return name
    parts = name.split(".")
    if len(parts) == 3 and parts[2] in _COLLAPSIBLE and parts[1] != "unsafe":
        return f"tilert.{parts[2]}"
    return name


def dtype_name(name: str | None) -> str | None:
    """``"f32"`` for ``"tilert.f32"``, None for anything that is not a tilert dtype."""
    if name is not None and name.startswith("tilert.") and name[7:] in DTYPE_NAMES:
        return name[7:]
    return None


def is_unsafe(name: str | None) -> bool:
    return name is not None and (name == LANG_UNSAFE or name.startswith(LANG_UNSAFE + "."))


def is_lang(name: str | None) -> bool:
    return name is not None and name.startswith(LANG + ".")
