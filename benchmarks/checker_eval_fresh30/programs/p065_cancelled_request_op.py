"""A batch loop that builds each request's op, then skips requests cancelled meanwhile."""

from dataclasses import dataclass

import numpy as np

import tilert as tr
import tilert.kernels as tk

D = 64


@dataclass
class Req:
    rid: int
    hidden: np.ndarray
    cancelled: bool = False


def run_batch(reqs: list[Req], weight: tr.Tensor) -> dict[int, float]:
    done = {}
    for req in reqs:
        x = tr.from_numpy(req.hidden)
        out = tr.empty(x.shape)
        op = tk.rmsnorm(out, x, weight)  # expect: TC105
        if req.cancelled:
            continue
        op.sync()
        done[req.rid] = float(out.to_numpy().mean())
    return done


rng = np.random.default_rng(53)
reqs = [Req(i, rng.standard_normal((2, D)).astype(np.float32)) for i in range(3)]
reqs[1].cancelled = True
print(run_batch(reqs, tr.ones((D,))))
