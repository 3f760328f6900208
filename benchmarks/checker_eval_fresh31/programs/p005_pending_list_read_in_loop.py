"""Launch one op per layer's buffer, keep the Pendings in a list, then gather the results."""

import numpy as np
from llmforge import scale

import tilert as tr

N_LAYERS = 4


def main() -> None:
    src = tr.from_numpy(np.ones(512, dtype=np.float32))
    outs = [tr.empty((512,), name=f"layer{i}") for i in range(N_LAYERS)]
    pendings = []
    for i, out in enumerate(outs):
        pendings.append(scale(out.partition((128,)), src, float(i + 1)).submit())

    sums = [float(o.to_numpy().sum()) for o in outs]  # expect: TC102
    for p in pendings:
        p.wait()
    print("per-layer sums:", sums)


main()
