"""Timing kernels with events, as one times CUDA work: events recorded around a batch of
launches on a stream, every Pending waited, then the elapsed time read."""

import numpy as np
from llmcraft import silu

import tilert as tr

D = 512
ITERS = 4

stream = tr.Stream()
x = tr.from_numpy(np.linspace(-3, 3, D, dtype=np.float32), name="x")
outs = [tr.empty((D,), name=f"y{i}") for i in range(ITERS)]

start = stream.record()
pendings = [silu(y.partition((128,)), x).submit(stream) for y in outs]
end = stream.record()
for p in pendings:
    p.wait()
end.synchronize()
ms = start.elapsed_ms(end)
print(f"{ms / ITERS:.4f} ms per launch", float(outs[-1].to_numpy().mean()))
