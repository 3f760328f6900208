"""A request scheduler that polls its in-flight requests with `done()`, and waits on each one
that reports completion before reading its output."""

from dataclasses import dataclass, field

import numpy as np
from llmcraft import scale

import tilert as tr

D = 128


@dataclass
class Request:
    rid: int
    output: tr.Tensor
    pending: tr.Pending | None = None
    result: list[float] = field(default_factory=list)


class Scheduler:
    def __init__(self) -> None:
        self.weights = tr.from_numpy(np.linspace(0, 1, D, dtype=np.float32), name="weights")
        self.running: list[Request] = []

    def submit(self, rid: int) -> None:
        req = Request(rid, tr.empty((D,), name=f"out{rid}"))
        req.pending = scale(req.output.partition((64,)), self.weights, float(rid)).submit()
        self.running.append(req)

    def collect(self) -> list[Request]:
        finished = []
        still_running = []
        for req in self.running:
            if req.pending is not None and req.pending.done():
                req.pending.wait()
                req.pending = None
                req.result = req.output.to_numpy()[:2].tolist()
                finished.append(req)
            else:
                still_running.append(req)
        self.running = still_running
        return finished


sched = Scheduler()
for rid in range(3):
    sched.submit(rid)
done: list[Request] = []
while len(done) < 3:
    done += sched.collect()
print([r.result for r in done])
