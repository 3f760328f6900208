from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from llmrun.kernels import fill

import tilert as tr

bufs = [tr.zeros((32,)) for _ in range(4)]
pendings = [fill(b.partition((16,)), float(i)).submit() for i, b in enumerate(bufs)]
with ThreadPoolExecutor(max_workers=2) as pool:
    list(pool.map(lambda p: p.wait(), pendings))
assert [float(b.to_numpy()[0]) for b in bufs] == [0.0, 1.0, 2.0, 3.0]
