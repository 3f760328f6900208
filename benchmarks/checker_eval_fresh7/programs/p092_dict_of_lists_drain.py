"""Per-request Pendings in a dict of lists (one per generated chunk); a request's results are
read only after its list is drained."""

from collections import defaultdict

from llmroute import kernels as K

import tilert as tr

src = tr.arange(32)
inflight = defaultdict(list)
outputs = {}
for rid in ("r1", "r2"):
    outputs[rid] = [tr.zeros((32,), name=f"{rid}c{c}") for c in range(3)]
    for c, buf in enumerate(outputs[rid]):
        inflight[rid].append(K.scale(buf.partition((16,)), src, float(c)).submit())

for rid, pendings in inflight.items():
    for p in pendings:
        p.wait()
    sums = [float(b.to_numpy().sum()) for b in outputs[rid]]
    assert sums == [0.0, 496.0, 992.0], sums
print("drained", list(inflight))
