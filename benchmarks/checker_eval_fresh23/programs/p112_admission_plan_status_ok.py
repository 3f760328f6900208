"""Serving loop: requests are admitted; outputs are planned when the step runs them."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

queue = []


def admit(rid: str, n: int) -> dict:
    req = {"rid": rid, "out": tr.zeros((n,), name=rid), "done": False}
    queue.append(req)
    return req


def status() -> dict:
    return {r["rid"]: float(r["out"].to_numpy().sum()) for r in queue}


def step(x: tr.Tensor) -> None:
    for r in queue:
        if not r["done"]:
            scale(tiles(r["out"]), x, 2.0).sync()
            r["done"] = True


admit("a", 128)
assert status() == {"a": 0.0}
step(tr.from_numpy(np.ones(128, dtype=np.float32)))
assert status() == {"a": 256.0}
