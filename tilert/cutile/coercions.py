"""Loop-carried values that change type, made to lower.

Python lets ``acc = tl.zeros(shape, tl.f16)`` become f32 in a loop (``acc = acc + x32``), and
``acc = 0.0`` become a tile (``acc = acc + tl.sum(t, axis=1, keepdims=True)``); the
interpreter runs both; cuTile refuses a variable whose type depends on the path taken. Its
error names both types and lines, so the cutile backend lowers the kernel again with the
binding that differs converted, right after it is made, to the type both paths agree on (the
promotion of the two dtypes, which the interpreter reaches at the first operation that mixes
them; a scalar broadcast to the other path's tile shape, which the interpreter's first
elementwise operation with the tile does), and compiles again. A value whose two shapes are
both tiles, and different, stays cuTile's error, located at the user's line."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from tilert.cutile.compiled import Compiled, user_error
from tilert.cutile.lowering import Coercion, Lowered
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


def coercion(message: str, lowered: Lowered) -> tuple[tuple[str, int], Coercion] | None:
    """The binding to convert, ``((name, user line), how)``, that cuTile's ``message`` asks
    for; None when the two paths cannot agree (two dtypes with no promotion, two tile shapes)."""
    found = _PATHS.search(message)
    if found is None:
        return None
    s1, s2 = _shape(found["s1"]), _shape(found["s2"])
    d1, d2 = _FROM_CT.get(found["d1"]), _FROM_CT.get(found["d2"])
    if d1 is None or d2 is None:
        return None
    try:
        joined = promote(BY_NAME[d1], BY_NAME[d2]).name
    except TypeError:
        return None
    shape: tuple[int, ...] | None = None
    if s1 == s2:  # convert the binding whose dtype differs
        line = found["l2"] if d1 == joined else found["l1"]
    elif s2 == ():  # a scalar on one path, a tile on the other: broadcast the scalar
        line, shape = found["l2"], s1
    elif s1 == ():
        line, shape = found["l1"], s2
    else:
        return None
    user_line = lowered.user_line(int(line))
    key = (found["name"], user_line) if user_line is not None else None
    if key is None or key in lowered.coercions:
        return None
    return key, Coercion(CT_DTYPES[joined], shape)


def _shape(text: str) -> tuple[int, ...]:
    """``4,1`` (cuTile's spelling of a tile shape, without its parentheses) as a tuple."""
    return tuple(int(n) for n in text.split(",") if n.strip())


def changed_shape_hint(message: str) -> str | None:
    """How to write a value that cuTile saw change shape between two tile shapes."""
    found = _PATHS.search(message)
    if found is None or found["s1"] == found["s2"]:
        return None
    return (
        f"`{found['name']}` changes shape across a loop or branch (({found['s1']}) and "
        f"({found['s2']})): cuTile needs one shape, so start it as a tile of its final shape, "
        f"e.g. `{found['name']} = tl.full(shape, value, dtype)`"
    )


def compile_converting(
    kernel: object,
    compiled: Compiled,
    refused: Exception,
    attempt: Callable[[Compiled], None],
    relower: Callable[[Mapping[tuple[str, int], Coercion]], Compiled],
    tile_error: type[Exception],
) -> Compiled:
    """cuTile ``refused`` the ``compiled`` kernel; while that is for a binding whose type
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
    hint = changed_shape_hint(getattr(exc, "message", str(exc)))
    raise user_error(kernel, compiled, exc, hint) from exc
