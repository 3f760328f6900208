"""Snapshot the weights into a spare buffer before a risky learning-rate change."""

from trainkit import copy_into, launch_sgd

import tilert as tr

weights = tr.ones((1024,), name="weights")
snapshot = tr.empty((1024,), name="snapshot")
grad = tr.full((1024,), 0.1, name="grad")


def take_snapshot() -> None:
    copy_into(snapshot, weights).submit()  # expect: TC108


for lr in (0.1, 10.0):
    take_snapshot()  # expect-also: TC108
    launch_sgd(weights, grad, lr).sync()
print(snapshot.to_numpy()[0], weights.to_numpy()[0])
