# benchmark: keep at most two launches in flight, bounded by a deque
import time
from collections import deque

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

x = tr.from_numpy(np.ones(4096, dtype=np.float32))
outs = [tr.empty((4096,)) for _ in range(6)]
window = deque(maxlen=2)
t0 = time.perf_counter()
for out in outs:
    if len(window) == window.maxlen:
        window[0].wait()
    window.append(scale(tiles(out), x, 3.0).submit())
for p in window:
    p.wait()
print(f"{(time.perf_counter() - t0) * 1e3:.2f} ms for {len(outs)} launches")
assert all(float(o.to_numpy()[0]) == 3.0 for o in outs)
