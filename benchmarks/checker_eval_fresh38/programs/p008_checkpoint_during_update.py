import os
import tempfile

import numpy as np
from trainkit import TILE, sgd_step

import tilert as tr

params = {
    "embed": tr.ones((4096,), name="embed"),
    "proj": tr.full((2048,), 2.0, name="proj"),
    "head": tr.full((1024,), 3.0, name="head"),
}
grads = {k: tr.full(v.shape, 0.1) for k, v in params.items()}


def save_checkpoint(path: str) -> None:
    arrays = {name: t.to_numpy() for name, t in params.items()}  # expect: TC102
    np.savez(path, **arrays)


inflight = {k: sgd_step(params[k].partition((TILE,)), grads[k], 0.01).submit() for k in params}
with tempfile.TemporaryDirectory() as d:
    save_checkpoint(os.path.join(d, "step1.npz"))  # expect-also: TC102
for p in inflight.values():
    p.wait()
