"""The state one function's lowering shares between the rewriter and the emitter (where its
source sits in the user's file, its parameters, the helpers it reaches), and the error every
pass raises, pointing at the user's line."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tilert._core.function import DeviceFunction
from tilert.cutile.lowering.names import Resolver
from tilert.cutile.lowering.specs import Coercion, MutableSpec
from tilert.errors import KernelError
from tilert.signature import Param


def fail(path: str, line: int, message: str) -> KernelError:
    return KernelError(f"{path}:{line}: cannot lower to cuTile: {message}")


@dataclass
class Context:
    """One function being lowered (a kernel, or a helper it reaches)."""

    path: str
    line_offset: int  # user line = node.lineno + line_offset
    params: dict[str, Param]
    mutables: dict[str, MutableSpec]
    resolver: Resolver
    helpers: dict[str, DeviceFunction] = field(default_factory=dict)  # reached so far, by name
    local_names: frozenset[str] = frozenset()  # bound in the body: never a module's constant
    run_time_locals: frozenset[str] = frozenset()  # locals known only when it runs (constness)
    # (name, user line) -> how a binding is converted after it is made (see coercions.py)
    coercions: Mapping[tuple[str, int], Coercion] = field(default_factory=dict)
