"""MoE with a shared expert: the routed outputs are summed into the shared expert's buffer.
The reduction passes the shared expert's own output as one of the inputs."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr

DIM = 64
x = tr.arange(DIM)
outs = {name: tr.zeros((DIM,), name=name) for name in ("shared", "r0", "r1")}

for name, factor in [("shared", 1.0), ("r0", 0.25), ("r1", 0.75)]:
    K.scale(outs[name].partition((16,)), x, factor).sync()

# fold the routed experts into the shared one, pairwise
names = list(outs)
dst = outs["shared"]
K.add(dst.partition((16,)), outs[names[0]], outs[names[1]]).sync()  # expect: TC101
print(dst.to_numpy()[:4])
