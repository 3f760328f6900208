"""Double-buffered host-to-device loading: fill the next chunk while the current one is used."""

import numpy as np
from llmbasin import add_, copy

import tilert as tr

CHUNK = 1024
N_CHUNKS = 6


def main() -> None:
    rng = np.random.default_rng(5)
    chunks = [tr.from_numpy(rng.standard_normal(CHUNK).astype(np.float32)) for _ in range(N_CHUNKS)]
    acc = tr.zeros((CHUNK,), name="acc")
    cur = tr.empty((CHUNK,), name="buf0")
    nxt = tr.empty((CHUNK,), name="buf1")

    load = copy(cur.partition((256,)), chunks[0]).submit()
    for i in range(N_CHUNKS):
        load.wait()
        use = add_(acc.partition((256,)), cur).submit()
        if i + 1 < N_CHUNKS:
            load = copy(nxt.partition((256,)), chunks[i + 1]).submit()
        use.wait()
        cur, nxt = nxt, cur

    expect = sum(c.to_numpy() for c in chunks)
    print("max err", float(np.abs(acc.to_numpy() - expect).max()))


if __name__ == "__main__":
    main()
