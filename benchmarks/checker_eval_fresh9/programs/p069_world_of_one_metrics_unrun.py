"""Metric reductions prepared for logging, in a world of one."""

from __future__ import annotations

import tilert as tr
import tilert.distributed as dist


def log_metrics(step: int) -> None:
    loss = tr.full((1,), 0.5)
    tokens = tr.full((1,), 128.0)
    reduce_loss = dist.all_reduce(loss, op="sum")
    reduce_tokens = dist.all_reduce(tokens, op="sum")  # expect: TC105
    reduce_loss.sync()
    if step % 100 == 0:
        reduce_tokens.sync()
    print(step, loss.to_numpy())


dist.init()
log_metrics(7)
dist.shutdown()
