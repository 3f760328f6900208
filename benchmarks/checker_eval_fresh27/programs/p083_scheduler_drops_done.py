"""A toy continuous-batching scheduler: requests whose work is done leave the active set."""

from __future__ import annotations

from dataclasses import dataclass

from llmcove import add

import tilert as tr


@dataclass
class Request:
    rid: int
    out: tr.Tensor
    pending: tr.Pending | None = None


def launch(req: Request, x: tr.Tensor, bias: tr.Tensor) -> None:
    req.pending = add(req.out.partition((128,)), x, bias).submit()  # expect: TC108


x = tr.arange(512)
bias = tr.ones((512,))
active = [Request(rid, tr.empty((512,))) for rid in range(3)]
for req in active:
    launch(req, x, bias)  # expect-also: TC108
finished = 0
while active:
    still_running = []
    for req in active:
        if req.pending is not None and req.pending.done():
            finished += 1
        else:
            still_running.append(req)
    active = still_running
print("finished", finished)
