"""Software pipeline over layers: keep one launch in flight, wait for it before the next reads."""

import numpy as np
from llmquill import gelu

import tilert as tr

N = 2048


def run_layers(n_layers: int) -> np.ndarray:
    acts = [tr.empty((N,), name=f"act{i}") for i in range(n_layers + 1)]
    acts[0].copy_from(np.linspace(-2, 2, N, dtype=np.float32))
    prev = None
    for i in range(n_layers):
        pend = gelu(acts[i + 1].partition((512,)), acts[i]).submit()
        if prev is not None:
            prev.wait()
        prev = pend
    assert prev is not None
    prev.wait()
    return acts[-1].to_numpy()


print(run_layers(4)[:4])
