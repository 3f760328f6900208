"""Partitions cached per buffer with dict.setdefault: the second epoch reuses a consumed plan."""

from llmrig import kernels as K

import tilert as tr

bufs = {"gate": tr.zeros(128), "up": tr.zeros(128)}
plans: dict[str, tr.Partition] = {}
x = tr.arange(128)
for step in range(2):
    for name, buf in bufs.items():
        plan = plans.setdefault(name, buf.partition((64,)))
        K.scale(plan, x, float(step)).sync()  # expect: TC109
