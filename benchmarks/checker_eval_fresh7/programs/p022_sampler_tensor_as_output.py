"""Greedy sampler: the penalty step passes the per-request output tensor itself where the kernel
writes (a Mutable parameter), not a partition of it."""

from llmroute import kernels as K

import tilert as tr

VOCAB = 64
requests = {"r1": 1.2, "r2": 1.0}
penalized = {rid: tr.zeros((VOCAB,), name=f"pen_{rid}") for rid in requests}
logits = tr.arange(VOCAB)

for rid, penalty in requests.items():
    K.scale(penalized[rid], logits, 1.0 / penalty).sync()  # expect: TC106
