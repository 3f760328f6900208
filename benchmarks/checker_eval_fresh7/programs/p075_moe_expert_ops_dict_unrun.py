"""MoE: an op per expert is built in a dict comprehension, and only the routed experts' ops are
zipped and run."""

from llmroute import kernels as K

import tilert as tr

x = tr.arange(64)
weights = {f"expert{i}": tr.full((64,), 0.1 * (i + 1)) for i in range(3)}
outs = {name: tr.zeros((64,), name=name) for name in weights}
ops = {n: K.mul(outs[n].partition((16,)), x, weights[n]) for n in weights}  # expect: TC105
routed = ["expert0", "expert2"]
tr.zip(*(ops[n] for n in routed)).sync()
print({n: float(outs[n].to_numpy()[1]) for n in routed})
