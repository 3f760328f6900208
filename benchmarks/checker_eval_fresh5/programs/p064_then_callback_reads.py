"""A .then callback that logs the intermediate result before the next launch."""

from __future__ import annotations

from llmdeck.kernels import add, relu

import tilert as tr

N = 64
x = tr.arange(N)
h, y = tr.zeros((N,)), tr.zeros((N,))


def log_and_relu(hp: tr.Partition, *_: object) -> tr.Op:
    print("h[0] =", h.to_numpy()[0])  # expect: TC102
    return relu(y.partition((16,)), h)


add(h.partition((16,)), x, x).then(log_and_relu).sync()  # expect-also
