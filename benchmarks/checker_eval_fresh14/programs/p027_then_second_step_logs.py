"""A three-step `.then` chain: add, scale in place, then a logging step that reads the first
rows of the chain's output through a view (an f-string) before its relu."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

log: list[str] = []
hidden = tr.zeros((32,), name="hidden")
x = tr.from_numpy(np.arange(32, dtype=np.float32))
bias = tr.ones((32,))


def log_then_relu(part: tr.Partition, *_: object) -> tr.Op:
    log.append(f"head {hidden[:4].to_numpy().max():.3f}")  # expect: TC102
    return K.relu(part, x)


chain = K.add(tiles(hidden), x, bias).then(lambda part, *_: K.scale_(part, 0.5))
chain.then(log_then_relu).sync()  # expect-also
print(log)
