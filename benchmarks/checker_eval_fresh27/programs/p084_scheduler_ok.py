"""A toy continuous-batching scheduler: a request whose work is done is waited on (which
releases its output) and its result read before it leaves the active set."""

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
    req.pending = add(req.out.partition((128,)), x, bias).submit()


x = tr.arange(512)
bias = tr.ones((512,))
active = [Request(rid, tr.empty((512,))) for rid in range(3)]
for req in active:
    launch(req, x, bias)
results = {}
while active:
    still_running = []
    for req in active:
        if req.pending is not None and req.pending.done():
            req.pending.wait()
            req.pending = None
            results[req.rid] = float(req.out.to_numpy()[-1])
        else:
            still_running.append(req)
    active = still_running
print(results)
