"""Double-buffered staging: chunk i is copied into one of two staging buffers while the
previous chunk is being processed out of the other."""

import numpy as np
from llmquay import copy, scale

import tilert as tr

CHUNK = 1024
TILE = 256


def process(chunks: list[np.ndarray]) -> list[np.ndarray]:
    staging = [tr.zeros((CHUNK,), name=f"stage{i}") for i in range(2)]
    sources = [tr.from_numpy(c) for c in chunks]
    outs = [tr.zeros((CHUNK,)) for _ in chunks]
    loads: list[tr.Pending | None] = [None, None]
    readers: list[tr.Pending | None] = [None, None]

    for step, src in enumerate(sources):
        slot = step % 2
        prev_load = loads[slot]
        if prev_load is not None:
            prev_load.wait()
        buf = staging[slot]
        loads[slot] = copy(buf.partition((TILE,)), src).submit()  # expect: TC103
        readers[slot] = scale(outs[step].partition((TILE,)), buf, 0.5).submit()

    for p in loads + readers:
        if p is not None:
            p.wait()
    return [o.to_numpy() for o in outs]


if __name__ == "__main__":
    data = [np.full(CHUNK, i, dtype=np.float32) for i in range(6)]
    results = process(data)
    print([float(r[0]) for r in results])
