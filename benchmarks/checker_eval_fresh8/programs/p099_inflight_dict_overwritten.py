"""In-flight work kept by request id; a request that is re-scheduled in the same step gets a
new Pending under the same key."""

from llmweave.kernels import fill

import tilert as tr

bufs = {rid: tr.zeros((64,)) for rid in (7, 8)}
outs = {rid: tr.zeros((64,)) for rid in (7, 8)}
inflight: dict[int, tr.Pending] = {}
schedule = [(7, bufs[7]), (8, bufs[8]), (7, outs[7])]
for rid, target in schedule:
    inflight[rid] = fill(target.partition((16,)), float(rid)).submit()  # expect: TC108
for p in inflight.values():
    p.wait()
