"""Per-request objects in a dict; waited through a list comprehension, then totalled."""

from dataclasses import dataclass, field

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


@dataclass
class Request:
    rid: str
    temp: float
    logits: tr.Tensor = field(default_factory=lambda: vec(16))
    pending: object = None


prompt = vec(16, 2.0)
reqs = {rid: Request(rid, t) for rid, t in [("a", 0.5), ("b", 1.0), ("c", 2.0)]}
for r in reqs.values():
    r.pending = scale(tiles(r.logits), prompt, 1.0 / r.temp).submit()

_ = [r.pending.wait() for r in reqs.values()]
totals = {rid: float(r.logits.to_numpy().sum()) for rid, r in reqs.items()}
assert totals == {"a": 64.0, "b": 32.0, "c": 16.0}, totals
