from __future__ import annotations

from llmrun.kernels import fill

import tilert as tr

names = ["q", "k", "v"]
proj = {n: tr.zeros((32,), name=n) for n in names}
jobs = {n: fill(proj[n].partition((16,)), float(i + 1)).submit() for i, n in enumerate(names)}

jobs["q"].wait()
jobs["k"].wait()
jobs["q"].wait()
v_head = proj["v"].to_numpy()  # expect: TC102
jobs["v"].wait()
print(v_head.sum(), proj["q"].to_numpy().sum())
