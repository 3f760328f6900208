"""Record an MLP into a graph; the intermediate buffer is made where it is used."""

import numpy as np
from llmforge import add, gelu

import tilert as tr

N = 1024


def main() -> None:
    x = tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32))
    out = tr.empty((N,))
    with tr.graph() as g:
        act = tr.empty((N,), name="act")  # expect: TC111
        g.record(gelu(act.partition((256,)), x))
        g.record(add(out.partition((256,)), act, x))
    for _ in range(3):
        g.launch().wait()
    g.close()
    print("out[:3]", out.to_numpy()[:3])


main()
