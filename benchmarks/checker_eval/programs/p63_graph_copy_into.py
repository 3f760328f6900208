"""Refilling a graph's input between replays while the graph still holds it."""

import numpy as np

import tilert as tr
from llm.kernels import copy


def main() -> None:
    inp, out = tr.zeros((256,)), tr.zeros((256,))
    with tr.graph() as g:
        g.record(copy(out.partition((64,)), inp))
    for step in range(3):
        inp.copy_from(np.full(256, float(step), np.float32))  # expect: TC103
        g.launch().wait()
    g.close()
    print(out.to_numpy()[0])


if __name__ == "__main__":
    main()
