from dataclasses import dataclass, field

import numpy as np
from trainkit import TILE, momentum

import tilert as tr


@dataclass
class AdamState:
    size: int
    exp_avg: tr.Tensor = field(init=False)
    exp_avg_tiles: tr.Partition = field(init=False)

    def __post_init__(self) -> None:
        self.exp_avg = tr.zeros((self.size,), name="exp_avg")
        self.exp_avg_tiles = self.exp_avg.partition((TILE,))

    def state_dict(self) -> dict[str, np.ndarray]:
        return {"exp_avg": self.exp_avg.to_numpy().copy()}  # expect: TC104


state = AdamState(1024)
snapshot = state.state_dict()  # expect-also: TC104
momentum(state.exp_avg_tiles, tr.full((1024,), 0.1), 0.9).sync()
print(snapshot["exp_avg"][0])
