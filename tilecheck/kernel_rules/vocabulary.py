"""The canonical names the kernel rules reason about (see ``tilecheck.names``), and the small
syntax helpers every kernel pass shares."""

from __future__ import annotations

import libcst as cst

TILERT = "tilert"
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
    {"f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64", "u8", "bool_"}
    | {"f8e4m3", "f8e4m3fn", "f8e5m2"}  # fp8, where a backend has it
)
# tilert objects that ``tilert.lang`` (and tilert's own submodules) re-export under the same
# name: whichever way a module imports them, they have one canonical name.
_REEXPORTED = frozenset(
    {"Mutable", "Shared", "Tensor", "Const", "Tile", "kernel", "function", "cuda_kernel"}
)
_COLLAPSIBLE = _REEXPORTED | DTYPE_NAMES

SCALAR_TYPES = {"builtins.int": "int", "builtins.float": "float", "builtins.bool": "bool"}
ALLOWED_BUILTINS = frozenset({"range", "min", "max", "int", "float", "bool", "len", "abs"})

# User code in the checked module itself that is known not to be device code (a plain ``def``
# or a ``class``): ``ImportResolver`` answers ``"<module>.helper"`` for it.
MODULE_LOCAL_PREFIX = "<module>."

# Libraries whose functions are never kernel functions (whatever resolver answered).
FOREIGN_ROOTS = frozenset(
    {
        "numpy",
        "math",
        "cmath",
        "random",
        "statistics",
        "torch",
        "cupy",
        "jax",
        "scipy",
        "numba",
        "triton",
        "cuda",
        "os",
        "sys",
        "time",
        "functools",
        "itertools",
        "operator",
    }
)


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


def dotted_name(expr: cst.BaseExpression) -> str | None:
    """``a.b.c`` for a Name/Attribute chain, else None."""
    parts: list[str] = []
    while isinstance(expr, cst.Attribute):
        parts.append(expr.attr.value)
        expr = expr.value
    if not isinstance(expr, cst.Name):
        return None
    parts.append(expr.value)
    return ".".join(reversed(parts))


def head_of(dotted: str) -> str:
    return dotted.partition(".")[0]


_EMPTY_MODULE = cst.Module(body=[])


def source_of(node: cst.CSTNode) -> str:
    """The node's code, for messages (only ever computed for a finding)."""
    return _EMPTY_MODULE.code_for_node(node)
