"""Software pipeline over layers: keep one layer's launch in flight while preparing the next."""

import numpy as np
from llmbasin import relu

import tilert as tr

D = 2048
N_LAYERS = 5


def main() -> None:
    x = tr.from_numpy(np.linspace(-2, 2, D, dtype=np.float32))
    acts = [tr.empty((D,), name=f"act{i}") for i in range(N_LAYERS)]
    sums = []
    prev = None
    src = x
    for layer in range(N_LAYERS):
        pend = relu(acts[layer].partition((512,)), src).submit()
        sums.append(float(acts[layer].to_numpy().sum()))  # expect: TC102
        if prev is not None:
            prev.wait()
        prev = pend
        src = acts[layer]
    if prev is not None:
        prev.wait()
    print(sums)


if __name__ == "__main__":
    main()
