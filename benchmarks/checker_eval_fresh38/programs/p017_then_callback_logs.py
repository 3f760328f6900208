"""Chain the optimizer after gradient scaling; a logging callback peeks at the gradient."""

import numpy as np
from trainkit import TILE, scale, sgd_step

import tilert as tr

param = tr.ones((1024,), name="param")
grad = tr.from_numpy(np.full(1024, 4.0, dtype=np.float32), name="grad")
log: list[float] = []


def after_unscale(grad_part: tr.Partition, *_: object) -> tr.Op:
    log.append(float(np.abs(grad.to_numpy()).max()))  # expect: TC102
    return sgd_step(param.partition((TILE,)), grad, 0.1)


scale(grad.partition((TILE,)), 1 / 1024).then(after_unscale).sync()  # expect-also: TC102
print(log, param.to_numpy()[0])
