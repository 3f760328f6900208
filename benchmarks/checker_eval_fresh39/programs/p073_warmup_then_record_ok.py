"""Capturing a decode step after a warm-up run: the warm-up and the capture each make their own
ops from one step function, which hands each op to `run` as soon as it is made."""

from collections.abc import Callable

import tilert as tr
import tilert.kernels as tk

ROWS, DIM = 2, 32

h = tr.ones((ROWS, DIM), name="h")
w = tr.ones((DIM,), name="w")
normed = tr.empty((ROWS, DIM), name="normed")
probs = tr.empty((ROWS, DIM), name="probs")


def step(run: Callable[[tr.Op], object]) -> None:
    run(tk.rmsnorm(normed, h, w))
    run(tk.softmax(probs, normed))


step(lambda op: op.sync())  # warm-up
with tr.graph() as g:
    step(g.record)
g.launch().wait()
g.close()
print(probs.to_numpy().sum())
