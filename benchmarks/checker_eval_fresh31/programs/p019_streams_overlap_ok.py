"""Overlap two independent pieces of work on two streams, then join with an event."""

import numpy as np
from llmforge import add, gelu, scale

import tilert as tr

N = 4096


def main() -> None:
    x = tr.from_numpy(np.linspace(0, 1, N, dtype=np.float32))
    a = tr.empty((N,), name="a")
    b = tr.empty((N,), name="b")
    out = tr.empty((N,), name="out")
    side = tr.Stream()

    p_main = gelu(a.partition((1024,)), x).submit()
    with side:
        p_side = scale(b.partition((1024,)), x, 3.0).submit()
        done_b = side.record()
    tr.current_stream().wait_event(done_b)
    p_main.wait()
    p_side.wait()
    add(out.partition((1024,)), a, b).sync()
    print("out[-1] =", float(out.to_numpy()[-1]))


main()
