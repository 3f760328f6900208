"""Stream the next layer's weights into a staging buffer on a side stream while the current
layer computes; two staging buffers, each reused only after its consumer finished."""

import numpy as np
from llmforge import copy

import tilert as tr
import tilert.kernels as tk

LAYERS, D, T = 4, 32, 8


def main() -> None:
    rng = np.random.default_rng(21)
    host_w = [
        tr.from_numpy((rng.standard_normal((D, D)) / D).astype(np.float32)) for _ in range(LAYERS)
    ]
    staging = [tr.empty((D, D), name=f"stage{i}") for i in range(2)]
    acts = [tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32))]
    acts += [tr.empty((T, D), name=f"act{i + 1}") for i in range(LAYERS)]
    loader = tr.Stream()

    with loader:
        load = copy(staging[0].partition((D, D)), host_w[0]).submit()
    for layer in range(LAYERS):
        load.wait()
        w = staging[layer % 2]
        compute = tk.gemm(acts[layer + 1], acts[layer], w).submit()
        if layer + 1 < LAYERS:
            with loader:
                nxt = staging[(layer + 1) % 2]
                load = copy(nxt.partition((D, D)), host_w[layer + 1]).submit()
        compute.wait()
    print("final activation norm:", float(np.linalg.norm(acts[-1].to_numpy())))


main()
