import numpy as np
from llmpress.host import tiles
from llmpress.kernels import axpy

import tilert as tr


def make_stepper(param: tr.Tensor, lr: float):
    last = None

    def step(grad: tr.Tensor) -> None:
        nonlocal last
        last = axpy(tiles(param), grad, -lr).submit()  # expect: TC102

    def flush() -> None:
        if last is not None:
            last.wait()

    return step, flush


w = tr.from_numpy(np.ones(256, dtype=np.float32))
step, flush = make_stepper(w, 0.1)
grads = [tr.from_numpy(np.full(256, g, dtype=np.float32)) for g in (1.0, 2.0)]
for g in grads:
    step(g)  # expect-also
flush()
print(w.to_numpy()[0])
