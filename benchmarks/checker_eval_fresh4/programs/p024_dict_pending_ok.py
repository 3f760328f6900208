from __future__ import annotations

import numpy as np
from llmrun.kernels import fill

import tilert as tr

names = ["q", "k", "v"]
proj = {n: tr.zeros((32,), name=n) for n in names}
jobs = {n: fill(proj[n].partition((16,)), float(i + 1)).submit() for i, n in enumerate(names)}

for name, job in jobs.items():
    job.wait()
    assert np.all(proj[name].to_numpy() == names.index(name) + 1)
assert sum(float(t.to_numpy().sum()) for t in proj.values()) == 32 * 6
