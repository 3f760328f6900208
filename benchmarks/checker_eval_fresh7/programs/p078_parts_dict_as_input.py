"""Attention prologue: output partitions for q, k, v are prepared in a dict, and the rotary
step reads q through the dict entry (its partition) instead of the tensor."""

from llmroute import kernels as K

import tilert as tr

D = 64
x = tr.arange(D)
bufs = {n: tr.zeros((D,), name=n) for n in ("q", "k", "v", "rot")}
parts = {n: bufs[n].partition((16,)) for n in ("q", "k", "v")}
for n, s in (("q", 1.0), ("k", 2.0), ("v", 3.0)):
    K.scale(parts[n], x, s).sync()
parts = {}
rot_parts = {"rot": bufs["rot"].partition((16,)), "q": bufs["q"].partition((16,))}
K.mul(rot_parts["rot"], rot_parts["q"], bufs["k"]).sync()  # expect: TC106
