"""Examples of round 31G of issue 17 (a callee's summary as a transfer function): what a
function may do under a branch or a loop that a graph capture refuses (a sync, an allocation)
is TC111 inside it where a call inside a certain capture runs it, unless a test on the way is
false for the values the call gives (``tilecheck.host.may_effects``); a parameter a callee
gives to a kernel's Mutable parameter needs a partition, and a call giving it a tensor is
TC106 inside the callee (``tilecheck.host.param_kinds``), also for a lambda a module dict
keeps and a call looks up by key (``tilecheck.host.launcher_items``). The VALID ones run
clean and must stay silent; the INVALID ones are real errors (the interpreter raises at the
marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_WARM = """

out = tr.zeros((16,), dtype=f32)
src = tr.ones((16,), dtype=f32)


def build(g: tr.Graph, warm: bool{default}) -> None:
    if warm:
        copy(out.partition((8,)), src).sync(){mark}
    g.record(copy(out.partition((8,)), src))


with tr.graph() as g:
    build(g{given})
g.launch().wait()
g.close()
print(out.to_numpy()[0])
"""

_LOOP = """


class Stage:
    def __init__(self) -> None:
        self.out = tr.zeros((16,), dtype=f32)

    def prime(self, turns: int) -> None:
        for _ in range(turns):
            scale(self.out.partition((8,)), 2.0).sync()  # TC111

    def record(self, g: tr.Graph, turns: int) -> None:
        self.prime(turns)
        g.record(scale(self.out.partition((8,)), 2.0))


stage = Stage()
with tr.graph() as g:
    stage.record(g, 2)
g.launch().wait()
g.close()
"""

_CACHE = """

made: dict[int, Tensor[f32]] = {}


def scratch(n: int) -> Tensor[f32]:
    if n not in made:
        made[n] = tr.zeros((n,), dtype=f32)
    return made[n]


scratch(16)
with tr.graph() as g:
    g.record(scale(scratch(16).partition((8,)), 2.0))
g.launch().wait()
g.close()
print(made[16].to_numpy()[0])
"""

_GIVEN = """


def step(out: Tensor[f32], ws: Tensor[f32] | None = None) -> tr.Op:
    if ws is None:
        ws = tr.zeros((16,), dtype=f32)
    return copy(out.partition((8,)), ws)


out = tr.zeros((16,), dtype=f32)
ws = tr.ones((16,), dtype=f32)
with tr.graph() as g:
    g.record(step(out, ws))
g.launch().wait()
g.close()
print(out.to_numpy()[0])
"""

_ZERO = """


def zero(t) -> tr.Op:  # type: ignore[no-untyped-def]
    return scale(t, 0.0){mark}


bias = tr.ones((16,), dtype=f32)
zero({arg}).sync()
print(bias.to_numpy()[0])
"""

_TABLE = """

INITS = {{
    "zeros": lambda t: scale(t, 0.0),{mark}
    "halve": lambda t: scale(t, 0.5),
}}


def init() -> float:
    w = tr.ones((16,), dtype=f32)
    INITS["zeros"]({arg}).sync()
    return float(w.to_numpy()[0])


print(init())
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC106": (
        valid(
            _ZERO.format(mark="", arg="bias.partition((8,))"),
            "the helper's launch is given a partition of the tensor",
        ),
        valid(
            _TABLE.format(mark="", arg="w.partition((8,))"),
            "the launcher the dict keeps is given a partition",
        ),
    ),
    "TC111": (
        valid(
            _WARM.format(default="", mark="", given=", False"),
            "the sync under `if warm:` does not run: the call gives `warm` False",
        ),
        valid(
            _WARM.format(default=" = False", mark="", given=""),
            "the sync under `if warm:` does not run: `warm` defaults to False",
        ),
        valid(_CACHE, "a cache filled before the capture: the allocation is skipped there"),
        valid(_GIVEN, "the workspace is given: the allocation under `is None` is skipped"),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC106": (
        invalid(
            _ZERO.format(mark="  # TC106", arg="bias"),
            "the helper gives its parameter to a Mutable parameter: the call passes a tensor",
            typed=False,
        ),
        invalid(
            _TABLE.format(mark="  # TC106", arg="w"),
            "the launcher the dict keeps under the key the call looks up is given a tensor",
            typed=False,
        ),
    ),
    "TC111": (
        invalid(
            _WARM.format(default="", mark="  # TC111", given=", True"),
            "the helper syncs under `if warm:`, and the call inside the capture gives True",
        ),
        invalid(_LOOP, "a method syncs in a loop the call inside the capture runs"),
    ),
}
