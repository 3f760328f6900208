"""Continuous batching scheduler with per-request Pendings in a dict; cancel() removes the
request's entry (its Pending included) without waiting it."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr


class Scheduler:
    def __init__(self) -> None:
        self.src = tr.arange(64)
        self.outs: dict[str, tr.Tensor] = {}
        self.running: dict[str, tr.Pending] = {}

    def start(self, rid: str) -> None:
        out = self.outs.setdefault(rid, tr.zeros((64,), name=rid))
        self.running[rid] = K.scale(out.partition((16,)), self.src, 2.0).submit()  # expect: TC108

    def cancel(self, rid: str) -> None:
        self.running.pop(rid, None)
        self.outs.pop(rid, None)

    def drain(self) -> None:
        for rid in list(self.running):
            self.running.pop(rid).wait()


sched = Scheduler()
for rid in ("alice", "bob"):
    sched.start(rid)
sched.cancel("bob")  # expect-also
sched.drain()
