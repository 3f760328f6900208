from dataclasses import dataclass, field

import numpy as np
from llmfjord import add

import tilert as tr


@dataclass
class StepBuffers:
    size: int
    tile: int = 256
    grad: tr.Tensor = field(init=False)
    update: tr.Tensor = field(init=False)

    def __post_init__(self) -> None:
        self.grad = tr.zeros((self.size,), name="grad")
        self.update = tr.zeros((self.size,), name="update")


bufs = StepBuffers(size=4096)
bufs.grad.copy_from(np.full(4096, 0.01, np.float32))
momentum = tr.full((4096,), 0.9)

print("update norm before:", float(np.linalg.norm(bufs.update.to_numpy())))
update_tiles = bufs.update.partition((bufs.tile,))
add(update_tiles, bufs.grad, momentum).sync()
print("update norm after:", float(np.linalg.norm(bufs.update.to_numpy())))
