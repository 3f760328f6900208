"""Jobs carry their Pending in a dataclass field; only the first job is waited."""

from dataclasses import dataclass

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


@dataclass
class Job:
    name: str
    out: tr.Tensor
    pending: object


x = vec(16, 1.0)
bufs = {name: vec(16) for name in ("draft", "target", "verify")}
jobs = [Job(n, b, scale(tiles(b), x, 2.0).submit()) for n, b in bufs.items()]  # expect: TC108
jobs[0].pending.wait()
print(jobs[0].name, jobs[0].out.to_numpy()[0])
