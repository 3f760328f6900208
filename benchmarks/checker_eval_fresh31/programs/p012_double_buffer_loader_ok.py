"""Double-buffered input loading: copy batch i+1 while the host consumes batch i."""

import numpy as np
from llmforge import copy

import tilert as tr

N = 4096
STEPS = 6


def consume(buf: tr.Tensor) -> float:
    return float(buf.to_numpy().mean())


def main() -> None:
    host = [np.full(N, i, dtype=np.float32) for i in range(STEPS)]
    sources = [tr.from_numpy(a) for a in host]
    cur, nxt = tr.empty((N,), name="buf0"), tr.empty((N,), name="buf1")
    pend = copy(cur.partition((1024,)), sources[0]).submit()
    means = []
    for i in range(1, STEPS):
        next_pend = copy(nxt.partition((1024,)), sources[i]).submit()
        pend.wait()
        means.append(consume(cur))
        cur, nxt = nxt, cur
        pend = next_pend
    pend.wait()
    means.append(consume(cur))
    print("batch means:", means)


main()
