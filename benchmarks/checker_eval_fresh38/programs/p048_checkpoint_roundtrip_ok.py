"""Save device buffers to disk after the step's updates complete, then restore them."""

import os
import tempfile

import numpy as np
from trainkit import TILE, copy, sgd_step

import tilert as tr


class Checkpointer:
    def __init__(self, directory: str) -> None:
        self.directory = directory

    def save(self, step: int, state: dict[str, tr.Tensor]) -> str:
        path = os.path.join(self.directory, f"ckpt_{step}.npz")
        np.savez(path, **{k: v.to_numpy() for k, v in state.items()})
        return path

    def restore(self, path: str, state: dict[str, tr.Tensor]) -> None:
        with np.load(path) as data:
            for name, t in state.items():
                staged = tr.from_numpy(data[name])
                copy(t.partition((TILE,)), staged).sync()


state = {"w": tr.ones((1024,)), "m": tr.zeros((1024,))}
grad = tr.full((1024,), 0.2)
with tempfile.TemporaryDirectory() as d:
    ck = Checkpointer(d)
    sgd_step(state["w"].partition((TILE,)), grad, 0.5).submit().wait()
    path = ck.save(1, state)
    sgd_step(state["w"].partition((TILE,)), grad, 0.5).sync()
    ck.restore(path, state)
print(state["w"].to_numpy()[0])
