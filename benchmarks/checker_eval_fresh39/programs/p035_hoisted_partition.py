"""A decode-step loop where the output partition was hoisted out of the loop to save work."""

from servekit import axpy

import tilert as tr

STEPS, DIM = 4, 64

state = tr.zeros((DIM,), name="state")
delta = tr.full((DIM,), 0.25, name="delta")
state_p = state.partition((32,))
for _ in range(STEPS):
    axpy(state_p, delta, 1.0).sync()  # expect: TC109
print(state.to_numpy()[:2])
