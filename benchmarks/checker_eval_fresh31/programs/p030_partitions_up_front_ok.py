"""Partitions for every buffer of the block prepared in a dict comprehension."""

import numpy as np
from llmforge import gelu, silu_mul

import tilert as tr

N = 1024


def main() -> None:
    bufs = {name: tr.empty((N,), name=name) for name in ("gate", "up", "act", "out")}
    x = tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32))
    gelu(bufs["gate"].partition((256,)), x).sync()
    gelu(bufs["up"].partition((256,)), x).sync()
    silu_mul(bufs["act"].partition((256,)), bufs["gate"], bufs["up"]).sync()
    print("act[:3]", bufs["act"].to_numpy()[:3])


main()
