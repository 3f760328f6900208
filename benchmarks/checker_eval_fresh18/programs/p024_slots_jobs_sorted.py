"""Jobs in a ``slots`` dataclass sorted by priority; the drain walks ``jobs[:-1]`` and the
lowest-priority job's Pending is never waited."""

from dataclasses import dataclass

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


@dataclass(slots=True, order=True)
class Job:
    priority: int
    out: tr.Tensor = None  # type: ignore[assignment]
    pending: tr.Pending = None  # type: ignore[assignment]


def main() -> None:
    x = vec(np.arange(64))
    outs = [tr.empty((64,)) for _ in range(3)]
    prios = (3, 1, 2)
    pairs = zip(prios, outs, strict=True)
    jobs = [Job(p, o, K.scale(tiles(o), x, p).submit()) for p, o in pairs]  # expect: TC108
    jobs.sort(key=lambda j: j.priority, reverse=True)
    for job in jobs[:-1]:
        job.pending.wait()
        print(job.priority, job.out.to_numpy()[1])


main()
