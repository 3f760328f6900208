"""A decode-step loop that partitions the output at each step (a partition is consumed by the
launch it is passed to)."""

from servekit import axpy

import tilert as tr

STEPS, DIM = 4, 64

state = tr.zeros((DIM,), name="state")
delta = tr.full((DIM,), 0.25, name="delta")
for _ in range(STEPS):
    axpy(state.partition((32,)), delta, 1.0).sync()
print(state.to_numpy()[:2])
