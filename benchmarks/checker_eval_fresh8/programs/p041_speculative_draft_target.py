"""Speculative decoding: the draft model's cache writes stay in flight while the target model
verifies on its own cache; rejected draft positions are rolled back after the draft is waited."""

import numpy as np
from llmweave.kernels import copy, fill, scale

import tilert as tr


class Model:
    def __init__(self, name: str, layers: int, k: float) -> None:
        self.kv = tr.zeros((layers, 64), name=f"{name}_kv")
        self.k = k

    def write(self, layer: int, x: tr.Tensor) -> tr.Pending:
        return scale(self.kv[layer].partition((16,)), x, self.k).submit()


draft = Model("draft", 2, 0.5)
target = Model("target", 2, 1.0)
snapshot = tr.zeros((2, 64))
tok = tr.ones((64,))

copy(snapshot.partition((1, 64)), draft.kv).sync()
proposals = [draft.write(layer, tok) for layer in range(2)]
verified = [target.write(layer, tok) for layer in range(2)]
for v in verified:
    v.wait()
accepted = float(target.kv.to_numpy()[0, 0]) > 2.0
for p in proposals:
    p.wait()
if not accepted:
    copy(draft.kv.partition((1, 64)), snapshot).sync()
fill(tok.partition((16,)), 0.0).sync()
assert np.allclose(draft.kv.to_numpy(), 0.0)
print("accepted" if accepted else "rolled back")
