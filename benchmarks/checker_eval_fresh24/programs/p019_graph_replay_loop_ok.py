"""Decode loop with a captured step: record once, replay every token, read the state at the end."""

import numpy as np
from llmbasin import add_, scale_

import tilert as tr

D = 1024


def main() -> None:
    state = tr.from_numpy(np.ones(D, dtype=np.float32))
    bias = tr.from_numpy(np.full(D, 0.5, dtype=np.float32))
    with tr.graph() as g:
        g.record(scale_(state.partition((256,)), 0.9))
        g.record(add_(state.partition((256,)), bias))
    for _ in range(16):
        g.launch().wait()
    g.close()
    print(state.to_numpy()[:3])


if __name__ == "__main__":
    main()
