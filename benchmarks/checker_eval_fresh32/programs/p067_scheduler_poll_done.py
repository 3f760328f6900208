"""A request scheduler that polls its in-flight requests with `done()` and collects the ones
that report completion, reading their outputs without waiting on them."""

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
        for req in self.running:
            if req.pending is not None and req.pending.done():
                req.result = req.output.to_numpy()[:2].tolist()  # expect: TC102
                finished.append(req)
        return finished

    def drain(self) -> None:
        for req in self.running:
            if req.pending is not None:
                req.pending.wait()
                req.pending = None


sched = Scheduler()
for rid in range(3):
    sched.submit(rid)
done: list[Request] = []
while len(done) < 3:
    done += sched.collect()  # expect-also: TC102
sched.drain()
print([r.result for r in done])
