"""Precomputing each output's partition in a dict, all of them used before reading."""

from llmreef import add, scale

import tilert as tr

D = 512
bufs = {name: tr.zeros((D,), name=name) for name in ("q", "k", "v")}
parts = {name: t.partition((128,)) for name, t in bufs.items()}
x = tr.arange(D)

scale(parts["q"], x, 0.5).sync()
scale(parts["k"], x, 0.25).sync()
add(parts["v"], x, x).sync()
print("q:", bufs["q"].to_numpy()[-1], "v:", bufs["v"].to_numpy()[-1])
