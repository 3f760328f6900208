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
    bufs = [tr.empty((CHUNK,), name="buf0"), tr.empty((CHUNK,), name="buf1")]

    uses: list[tr.Pending | None] = [None, None]
    load = copy(bufs[0].partition((256,)), chunks[0]).submit()
    for i in range(N_CHUNKS):
        load.wait()
        uses[i % 2] = scale(outs[i].partition((256,)), bufs[i % 2], 0.5).submit()
        if i + 1 < N_CHUNKS:
            prev = uses[(i + 1) % 2]
            if prev is not None:
                prev.wait()  # the buffer we are about to overwrite is no longer read
            load = copy(bufs[(i + 1) % 2].partition((256,)), chunks[i + 1]).submit()
    for u in uses:
        if u is not None:
            u.wait()
    print(outs[-1].to_numpy()[:4])


if __name__ == "__main__":
    main()
