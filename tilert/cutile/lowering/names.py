"""What names mean to the lowering: the tl -> ct tables, and a resolver that looks a dotted name
up in the kernel's module globals. Rewrites key on what a name is bound to (a tilert op, a dtype,
a helper), not on how the user spelled it, so ``tl.exp``, ``tilert.lang.exp`` and an imported
``exp`` all lower alike."""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

from tilert._core.validation import lookup
from tilert.dtypes import is_dtype

CT_DTYPES = {
    "f16": "float16",
    "bf16": "bfloat16",
    "f32": "float32",
    "f64": "float64",
    "i8": "int8",
    "i16": "int16",
    "i32": "int32",
    "i64": "int64",
    "u8": "uint8",
    "u16": "uint16",
    "u32": "uint32",
    "u64": "uint64",
    "f8e4m3fn": "float8_e4m3fn",
    "f8e5m2": "float8_e5m2",
    "f8e8m0fnu": "float8_e8m0fnu",
    "bool_": "bool_",
}

# tl.X -> ct.X, same positional meaning
SAME_NAME_OPS = frozenset(
    """zeros ones full astype where exp exp2 log log2 sqrt rsqrt sin cos tan tanh sinh cosh abs
    maximum minimum sum max min prod argmax argmin cumsum cumprod mma matmul reshape permute
    transpose broadcast_to expand_dims bid num_blocks cdiv printf floor ceil pow isnan
    atan2 extract insert mod floordiv divmod bitcast num_tiles static_assert gather reduce
    scan""".split()
)
# tl.unsafe.X -> ct.X, same positional meaning (element indices, as cuTile's)
UNSAFE_SAME_NAME = frozenset(
    """scatter atomic_add atomic_max atomic_min atomic_and atomic_or atomic_xor atomic_xchg
    atomic_cas""".split()
)
# an atomic's ``order=`` / ``scope=`` (a string) -> cuTile's keyword and enum: ``"relaxed"`` is
# ``memory_order=ct.MemoryOrder.RELAXED``; left out, both defaults are the same as cuTile's
MEMORY_KEYWORDS = {
    "order": ("memory_order", "MemoryOrder"),
    "scope": ("memory_scope", "MemoryScope"),
}


class Resolver:
    """What a dotted name in the kernel means, looked up in the kernel's module globals."""

    def __init__(self, namespace: Mapping[str, Any]) -> None:
        self.ns = namespace

    def lookup(self, parts: list[str]) -> Any:
        return lookup(self.ns, parts)

    def tilert_name(self, parts: list[str]) -> str | None:
        """``exp`` for ``tl.exp`` / ``tr.lang.exp`` / an imported ``exp``; ``unsafe.store``
        for ``tl.unsafe.store``; None for anything that is not tilert's."""
        obj = self.lookup(parts[:1])
        if isinstance(obj, types.ModuleType) and obj.__name__.startswith("tilert"):
            rest = parts[1:]
            while rest and isinstance(inner := getattr(obj, rest[0], None), types.ModuleType):
                obj, rest = inner, rest[1:]  # ``tr.lang.exp``: the module the name is in
            if obj.__name__ == "tilert.lang.unsafe" or obj.__name__.endswith(".unsafe"):
                return "unsafe." + ".".join(rest)
            return ".".join(rest) if rest else None
        if len(parts) == 1 and obj is not None:
            module = getattr(obj, "__module__", "") or ""
            if module.startswith("tilert") and not is_dtype(obj):
                return str(getattr(obj, "__name__", parts[0]))
        return None
