import heapq
import itertools

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

# serve the highest-priority requests first within a per-tick budget
requests = [(3, "a"), (1, "b"), (2, "c"), (5, "d")]
prompt = tr.from_numpy(np.ones(256, dtype=np.float32))
outputs = {}
heap = []
order = itertools.count()
for priority, rid in requests:
    outputs[rid] = tr.empty((256,), name=rid)
    pend = scale(tiles(outputs[rid]), prompt, float(priority)).submit()  # expect: TC108
    heapq.heappush(heap, (-priority, next(order), rid, pend))

budget = 2
served = []
while heap and budget:
    _, _, rid, pend = heapq.heappop(heap)
    pend.wait()
    served.append((rid, float(outputs[rid].to_numpy()[0])))
    budget -= 1
heap.clear()
print(served)
