"""Offload the gradient to a host-side buffer on a side stream, then zero it for the next
accumulation window."""

from trainkit import TILE, copy, fill

import tilert as tr

grad = tr.full((4096,), 0.3, name="grad")
offload = tr.empty((4096,), name="offload")
side = tr.Stream()

for _window in range(2):
    saved = copy(offload.partition((TILE,)), grad).submit(side)
    fill(grad.partition((TILE,)), 0.0).sync()  # expect: TC103
    saved.wait()
print(offload.to_numpy()[0])
