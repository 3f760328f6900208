"""Capture a feed-forward step whose helper returns the op for its output."""

import numpy as np
from llmforge import add, gelu

import tilert as tr

N = 512


def ffn(x: tr.Tensor, act: tr.Tensor, out: tr.Tensor) -> tr.Op:
    return gelu(act.partition((128,)), x).then(lambda *_: add(out.partition((128,)), act, x))


def main() -> None:
    x = tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32))
    act = tr.empty((N,))
    out = tr.empty((N,))
    with tr.graph() as g:
        g.record(ffn(x, act, out))
    for _ in range(4):
        g.launch().wait()
    g.close()
    print("out[-1] =", float(out.to_numpy()[-1]))


main()
