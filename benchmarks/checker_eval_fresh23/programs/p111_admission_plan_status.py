"""Serving loop: requests are admitted with an output plan; a status endpoint shows outputs."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

queue = []


def admit(rid: str, n: int) -> dict:
    out = tr.zeros((n,), name=rid)
    req = {"rid": rid, "out": out, "plan": tiles(out), "done": False}
    queue.append(req)
    return req


def status() -> dict:
    return {r["rid"]: float(r["out"].to_numpy().sum()) for r in queue}  # expect: TC104


def step(x: tr.Tensor) -> None:
    for r in queue:
        if not r["done"]:
            scale(r.pop("plan"), x, 2.0).sync()
            r["done"] = True


admit("a", 128)
print(status())  # expect-also
step(tr.from_numpy(np.ones(128, dtype=np.float32)))
