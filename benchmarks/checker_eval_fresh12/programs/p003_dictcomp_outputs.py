"""Per-request outputs collected by a dict comprehension before the requests' writes settle."""

from dataclasses import dataclass, field

from llmserve import kernels as K
from llmserve.host import tiles, wait_all

import tilert as tr

N = 256


@dataclass
class Req:
    name: str
    temp: float
    out: tr.Tensor = field(default_factory=lambda: tr.zeros((N,)))
    pending: tr.Pending | None = None


logits = tr.full((N,), 2.0)
reqs = [Req("a", 0.5), Req("b", 1.0), Req("c", 2.0)]
for r in reqs:
    r.pending = K.scale(tiles(r.out), logits, 1.0 / r.temp).submit()

snapshot = {r.name: r.out.to_numpy()[0] for r in reqs}  # expect: TC102
wait_all(r.pending for r in reqs if r.pending is not None)
print(snapshot)
