"""Warm-up ops paired with names by zip(); the names list is one short, so one op never runs."""

from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

bufs = {name: tr.zeros((32,)) for name in ("q", "k", "v")}
warm = [K.fill(H.tiles(b), 0.5) for b in bufs.values()]  # expect: TC105
labels = ["q", "k"]  # v was added later and forgotten here
for label, op in zip(labels, warm, strict=False):
    op.sync()
    print(label, "warmed")
del warm
