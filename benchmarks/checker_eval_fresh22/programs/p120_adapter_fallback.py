"""Multi-LoRA serving: the base projection is prepared, then the adapter is looked up."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

adapters = {"math": upload(np.full(64, 0.1)), "code": upload(np.full(64, 0.2))}
base = upload(np.ones(64), name="base")


def forward(adapter_name: str) -> np.ndarray | None:
    out = tr.zeros((64,), name="out")
    project = K.scale(tiles(out), base, 2.0)  # expect: TC105
    try:
        delta = adapters[adapter_name]
    except KeyError:
        print(f"unknown adapter {adapter_name!r}; rejecting the request")
        return None
    project.sync()
    K.accum(tiles(out), delta).sync()
    return out.to_numpy()


print(forward("poetry"))  # expect-also
