"""A graph replayed in a loop; between replays the host refills a tensor the graph does not hold."""

import numpy as np

import tilert as tr
from llm.kernels import scale


def main() -> None:
    state = tr.ones((256,))
    staging = tr.zeros((256,))
    with tr.graph() as g:
        g.record(scale(state.partition((64,)), 1.5))
    for step in range(3):
        staging.copy_from(np.full(256, float(step), np.float32))
        g.launch().wait()
        print(staging.to_numpy()[0])
    g.close()
    print(state.to_numpy()[0])


if __name__ == "__main__":
    main()
