"""Capture a feed-forward step whose helper returns the op for its output."""

import numpy as np
from llmforge import add, gelu

import tilert as tr

N = 512


def ffn(x: tr.Tensor, out: tr.Tensor) -> tr.Op:
    act = tr.empty((N,))  # expect: TC111
    return gelu(act.partition((128,)), x).then(lambda *_: add(out.partition((128,)), act, x))


def main() -> None:
    x = tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32))
    out = tr.empty((N,))
    with tr.graph() as g:
        g.record(ffn(x, out))  # expect-also: TC111
    for _ in range(4):
        g.launch().wait()
    g.close()
    print("out[-1] =", float(out.to_numpy()[-1]))


main()
