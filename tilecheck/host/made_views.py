"""A view of a tensor a call makes, given out with it (round 35F of issue 17).

``__init__`` sets ``self.state = tr.zeros(n)`` and ``self.prev = self.state.reshape(-1)`` (or
``.view(...)``, ``[0:n]``, ``.T``), or a function returns ``buf, buf[0]``: the caller's two
tensors share memory, so a launch that writes one through a partition and reads the other is
TC101, as with names in one body. The summary knows the view as a view of the made tensor
(``Receivers._view_target``); applied at a call, the made tensor is the one the call's other
results name (``made``: the tensors that call realized, per target), made there first if none
named it yet, and the view is taken of it as of a parameter's tensor. Outside the realizing of
a call's results (a summary's uses checked at the call) a made tensor is none of the caller's:
nothing.
"""

from __future__ import annotations

from typing import Protocol

import libcst as cst

from tilecheck.host.model import NOTHING, Kind, Oids
from tilecheck.host.summary import Result, Target


class Making(Protocol):
    """What of the analysis makes an object (``Frame.fresh``)."""

    def fresh(
        self,
        kind: Kind,
        site: cst.CSTNode,
        label: str,
        *,
        group: int | None = None,
        rank: int | None = None,
        key: object = None,
    ) -> int: ...


Realizing = tuple[cst.Call, dict[Target, Oids]]


def made_tensors(analysis: Making, of: Target, call: cst.Call, now: Realizing | None) -> Oids:
    """The tensors ``call`` made for the target ``of`` (a ``("new", n)``), as its realized
    results hold them (made here as ``CallSites.realize`` makes them where none did yet)."""
    if now is None or now[0] is not call:
        return NOTHING
    made = now[1]
    if of not in made:
        new = analysis.fresh(Kind.TENSOR, call, "tensor", key=("returned", call, of[1]))
        made[of] = frozenset({new})
    return made[of]


def made_or_given(result: Result) -> bool:
    """A tensor the method makes or is given (``self.outputs.append(out)``): the caller's list
    holds it after the call (round 22L)."""
    return result.kind is Kind.TENSOR and all(t[0] in ("new", "param") for t, _ in result.targets)
