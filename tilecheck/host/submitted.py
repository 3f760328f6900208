"""A method that submits the op an attribute of its receiver held on the way in and waits for
the Pending (``p = self.op.submit(); p.wait()``): the wait releases that attribute, as
``self.op.sync()`` does (``Summary.releases``), so a caller's reads after the call are free."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.model import HANDED, LIVE, Oids
from tilecheck.host.structures import Structures

# A name no code can bind, present where some path has released what an attribute of the
# receiver held on the way in (``Submitted.nothing_released``).
RECEIVER_WAITED = " receiver waited"


class Submitted(Structures):
    __slots__ = ("_placeholders", "submitted_from")

    _placeholders: dict[int, str]  # ``Interprocedural``'s: what ``self``'s attributes held

    def __init__(self, ctx: object) -> None:
        Structures.__init__(self, ctx)
        self.submitted_from: dict[int, str] = {}  # a Pending -> the attribute its op was in

    def submit(self, call: cst.Call, ops: list[int]) -> Oids:
        pendings = Structures.submit(self, call, ops)
        if len(ops) == 1 and ops[0] in self._placeholders:
            for pending in pendings:
                self.submitted_from[pending] = self._placeholders[ops[0]]
        return pendings

    def nothing_released(self) -> bool:
        """No path here has waited for (or given away) what the receiver's attributes held on
        the way in: a use here comes before the method's waits, whatever follows. An op of
        theirs submitted here holds its borrows on through its Pending, while that is live."""
        if not self.submitted_from:
            return RECEIVER_WAITED not in self.env and all(
                (hold := self.holds.get(oid)) is None or hold.status == LIVE
                for oid in self._placeholders
            )
        submitted = set(self.submitted_from.values())
        return (
            RECEIVER_WAITED not in self.env
            and all(
                (hold := self.holds.get(oid)) is None
                or hold.status == LIVE
                or (hold.status == HANDED and attr in submitted)
                for oid, attr in self._placeholders.items()
            )
            and all(
                (hold := self.holds.get(pending)) is None or hold.status == LIVE
                for pending in self.submitted_from
            )
        )
