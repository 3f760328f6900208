from __future__ import annotations

from llmrun.kernels import scale

import tilert as tr

heads = [tr.full((32,), float(h + 1)) for h in range(4)]
pendings = [scale(t.partition((16,)), 2.0).submit() for t in heads]
sums = []
for t, p in zip(heads, pendings, strict=True):
    p.wait()
    sums.append(float(t.to_numpy().sum()))
assert sums == [64.0 * (h + 1) for h in range(4)], sums
