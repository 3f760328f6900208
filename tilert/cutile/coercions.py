"""Loop-carried values that change dtype, made to lower.

Python lets ``acc = tl.zeros(shape, tl.f16)`` become f32 in a loop (``acc = acc + x32``), and
the interpreter runs it; cuTile refuses a variable whose type depends on the path taken. Its
error names both types and lines, so the cutile backend lowers the kernel again with the
binding whose dtype differs converted, right after it is made, to the dtype both paths agree
on (cuTile's promotion of the two, which the interpreter reaches at the first operation that
mixes them), and compiles again. Only dtype changes are handled this way: a value that
changes shape (a Python scalar that becomes a tile) stays cuTile's error, located at the
user's line, with how to write it (start it as a tile)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from tilert.cutile.compiled import Compiled, user_error
from tilert.cutile.lowering import Lowered
from tilert.cutile.lowering.names import CT_DTYPES
from tilert.dtypes import BY_NAME
from tilert.interpret.dtype_rules import promote

_PATHS = re.compile(
    r"Type of `(?P<name>[A-Za-z_][A-Za-z_0-9]*)` depends on path taken: "
    r"Tile\[(?P<d1>\w+),\((?P<s1>[^)]*)\)\] \(line (?P<l1>\d+)\) vs\. "
    r"Tile\[(?P<d2>\w+),\((?P<s2>[^)]*)\)\] \(line (?P<l2>\d+)\)"
)
_FROM_CT = {ct_name: name for name, ct_name in CT_DTYPES.items()}
MAX_ROUNDS = 8  # bindings converted per kernel before giving up


def coercion(message: str, lowered: Lowered) -> tuple[tuple[str, int], str] | None:
    """The binding to convert, ``((name, user line), ct dtype)``, that cuTile's ``message``
    asks for; None when it is not a dtype change both paths can agree on."""
    found = _PATHS.search(message)
    if found is None or found["s1"] != found["s2"]:
        return None
    d1, d2 = _FROM_CT.get(found["d1"]), _FROM_CT.get(found["d2"])
    if d1 is None or d2 is None:
        return None
    try:
        joined = promote(BY_NAME[d1], BY_NAME[d2]).name
    except TypeError:
        return None
    line = found["l2"] if d1 == joined else found["l1"]  # convert the binding that differs
    user_line = lowered.user_line(int(line))
    key = (found["name"], user_line) if user_line is not None else None
    if key is None or key in lowered.coercions:
        return None
    return key, CT_DTYPES[joined]


def scalar_became_tile(message: str) -> str | None:
    """How to write a value that cuTile saw change shape (a scalar become a tile)."""
    found = _PATHS.search(message)
    if found is None or found["s1"] == found["s2"]:
        return None
    return (
        f"`{found['name']}` changes shape across a loop or branch (({found['s1']}) and "
        f"({found['s2']})): cuTile needs one shape, so start it as a tile, e.g. "
        f"`{found['name']} = tl.full(shape, value, dtype)`"
    )


def compile_converting(
    kernel: object,
    compiled: Compiled,
    refused: Exception,
    attempt: Callable[[Compiled], None],
    relower: Callable[[Mapping[tuple[str, int], str]], Compiled],
    tile_error: type[Exception],
) -> Compiled:
    """cuTile ``refused`` the ``compiled`` kernel; while that is for a binding whose dtype
    changes, ``relower`` with the binding converted and ``attempt`` again (a launch, or a
    compile). The compiled kernel that passed, or the user's KernelError at the user's line."""
    exc = refused
    for _ in range(MAX_ROUNDS):
        fix = coercion(getattr(exc, "message", str(exc)), compiled.lowered)
        if fix is None:
            break
        compiled = relower({**compiled.lowered.coercions, fix[0]: fix[1]})
        try:
            attempt(compiled)
            return compiled
        except tile_error as again:
            exc = again
    hint = scalar_became_tile(getattr(exc, "message", str(exc)))
    raise user_error(kernel, compiled, exc, hint) from exc
