"""Snapshots submitted into a log list; the log is cleared at the end of the epoch unwaited."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

weights = tr.arange(128)
snapshots: list[tr.Tensor] = []
pending_log: list[tr.Pending] = []
for epoch in range(3):
    snap = tr.zeros((128,), name=f"snap{epoch}")
    snapshots.append(snap)
    pending_log.append(K.copy(tiles(snap), weights).submit())  # expect: TC108
pending_log.clear()
print(len(snapshots))
