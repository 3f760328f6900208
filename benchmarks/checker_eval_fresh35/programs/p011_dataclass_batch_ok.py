from dataclasses import dataclass, field

import numpy as np
from tilekit import mul

import tilert as tr


@dataclass
class Batch:
    features: tr.Tensor
    mask: tr.Tensor
    out: tr.Tensor = field(init=False)

    def __post_init__(self):
        self.out = tr.empty(self.features.shape, name="masked")


def make_batch(rows):
    feats = np.stack(rows).astype(np.float32).ravel()
    mask = (feats > 0).astype(np.float32)
    return Batch(tr.from_numpy(feats), tr.from_numpy(mask))


def apply_mask(batch):
    mul(batch.out.partition((64,)), batch.features, batch.mask).sync()
    return batch.out.to_numpy()


rows = [np.linspace(-1, 1, 64) for _ in range(4)]
print(apply_mask(make_batch(rows)).sum())
