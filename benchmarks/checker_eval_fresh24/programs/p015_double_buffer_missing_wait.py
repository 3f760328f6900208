"""Double buffering: stage chunk i+1 in one buffer while chunk i is scaled from the other."""

import numpy as np
from llmbasin import copy, scale

import tilert as tr

CHUNK = 1024
N_CHUNKS = 6


def main() -> None:
    rng = np.random.default_rng(5)
    chunks = [tr.from_numpy(rng.standard_normal(CHUNK).astype(np.float32)) for _ in range(N_CHUNKS)]
    outs = [tr.empty((CHUNK,), name=f"out{i}") for i in range(N_CHUNKS)]
    cur = tr.empty((CHUNK,), name="buf0")
    nxt = tr.empty((CHUNK,), name="buf1")

    uses = []
    load = copy(cur.partition((256,)), chunks[0]).submit()
    for i in range(N_CHUNKS):
        load.wait()
        uses.append(scale(outs[i].partition((256,)), cur, 0.5).submit())
        if i + 1 < N_CHUNKS:
            load = copy(nxt.partition((256,)), chunks[i + 1]).submit()  # expect: TC103
        cur, nxt = nxt, cur
    for u in uses:
        u.wait()
    print(outs[-1].to_numpy()[:4])


if __name__ == "__main__":
    main()
