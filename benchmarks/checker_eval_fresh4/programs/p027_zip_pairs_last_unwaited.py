from __future__ import annotations

from llmrun.kernels import scale

import tilert as tr

heads = [tr.full((32,), float(h + 1)) for h in range(4)]
pendings = [scale(t.partition((16,)), 2.0).submit() for t in heads]
sums = []
for t, p in zip(heads[:-1], pendings[:-1], strict=True):
    p.wait()
    sums.append(float(t.to_numpy().sum()))
sums.append(float(heads[-1].to_numpy().sum()))  # expect: TC102
pendings[-1].wait()
print(sums)
