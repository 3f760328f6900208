"""Partitions for every buffer of the block prepared in a dict comprehension."""

import numpy as np
from llmforge import gelu, silu_mul

import tilert as tr

N = 1024


def main() -> None:
    bufs = {name: tr.empty((N,), name=name) for name in ("gate", "up", "act", "out")}
    x = tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32))
    parts = {name: t.partition((256,)) for name, t in bufs.items() if name != "out"}
    gelu(parts["gate"], x).sync()
    silu_mul(parts["act"], bufs["gate"], bufs["up"]).sync()  # expect: TC104
    gelu(parts["up"], x).sync()
    print("act[:3]", bufs["act"].to_numpy()[:3])


main()
