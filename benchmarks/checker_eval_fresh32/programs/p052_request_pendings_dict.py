"""A serving batch that keeps one Pending per request id in a dict and, at the end of the
batch, waits only for the requests the client still listens to."""

import numpy as np
from llmcraft import scale

import tilert as tr

D = 128


def serve_batch(request_ids: list[int], cancelled: set[int]) -> dict[int, float]:
    weights = tr.from_numpy(np.linspace(0, 1, D, dtype=np.float32), name="weights")
    outputs = {rid: tr.empty((D,), name=f"out{rid}") for rid in request_ids}
    inflight: dict[int, tr.Pending] = {}
    for rid in request_ids:
        op = scale(outputs[rid].partition((64,)), weights, float(rid))
        inflight[rid] = op.submit()  # expect: TC108
    results = {}
    for rid, pending in inflight.items():
        if rid in cancelled:
            continue
        pending.wait()
        results[rid] = float(outputs[rid].to_numpy().sum())
    return results


print(serve_batch([1, 2, 3], cancelled={2}))  # expect-also: TC108
