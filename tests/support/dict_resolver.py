"""A ``NameResolver`` from a plain dict, for testing the kernel rules without a module."""

from __future__ import annotations

from collections.abc import Mapping

from tilecheck.names import DEVICE_FUNCTION

STANDARD: dict[str, str] = {
    "tr": "tilert",
    "tl": "tilert.lang",
    "Mutable": "tilert.Mutable",
    "Shared": "tilert.Shared",
    "Tensor": "tilert.Tensor",
    "Const": "tilert.Const",
    "f32": "tilert.f32",
    "f16": "tilert.f16",
    "range": "builtins.range",
    "print": "builtins.print",
    "float": "builtins.float",
    "int": "builtins.int",
    "bool": "builtins.bool",
}


class DictResolver:
    """Resolves a dotted name by its head: ``{"tl": "tilert.lang"}`` makes ``tl.exp`` mean
    ``tilert.lang.exp``; a head mapped to DEVICE_FUNCTION has no attributes. Unknown heads are
    None, as for a name not defined yet."""

    def __init__(self, names: Mapping[str, str] | None = None, *, authoritative: bool = False):
        self.names = dict(STANDARD if names is None else names)
        self.knows_device_functions = authoritative
        self.asked: list[str] = []

    def resolve(self, dotted: str) -> str | None:
        self.asked.append(dotted)
        head, _, rest = dotted.partition(".")
        base = self.names.get(head)
        if base is None or (base == DEVICE_FUNCTION and rest):
            return None
        return f"{base}.{rest}" if rest else base
