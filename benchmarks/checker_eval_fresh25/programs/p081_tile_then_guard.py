import numpy as np
from llmquay import add

import tilert as tr


def fused_bias(out: tr.Tensor, x: tr.Tensor, bias: tr.Tensor, tile: int = 128) -> None:
    tiles = out.partition((tile,))
    if np.isnan(out.to_numpy()).any():  # expect: TC104
        raise ValueError("output buffer holds NaNs from a previous step")
    add(tiles, x, bias).sync()


x = tr.from_numpy(np.arange(512, dtype=np.float32))
bias = tr.full((512,), 0.5)
out = tr.zeros((512,))
fused_bias(out, x, bias)  # expect-also: TC104
print(out.to_numpy()[:3])
