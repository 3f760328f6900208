"""Attention heads kept in a dict by name: q is summed before the heads are settled."""

from llmkit.layers import Slot

import tilert as tr

x = tr.full((64,), 2.0)
heads = {name: Slot(name, 64) for name in ("q", "k", "v")}
for scale, head in zip((1.0, 0.5, 0.25), heads.values(), strict=True):
    head.write(x, scale)

q_sum = float(heads["q"].buf.to_numpy().sum())  # expect: TC102
for head in heads.values():
    head.settle()
print(q_sum)
