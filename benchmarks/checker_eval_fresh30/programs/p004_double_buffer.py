"""Double-buffered preprocessing: scale chunk i+1 while the host consumes chunk i."""

import numpy as np
from llmquill import scale

import tilert as tr

CHUNK = 1024


def stream_chunks(data: np.ndarray) -> float:
    chunks = [tr.from_numpy(c) for c in np.split(data, len(data) // CHUNK)]
    front, back = tr.empty((CHUNK,)), tr.empty((CHUNK,))
    pend_front = scale(front.partition((256,)), chunks[0], 0.5).submit()
    acc = 0.0
    for i in range(1, len(chunks) + 1):
        pend_back = None
        if i < len(chunks):
            pend_back = scale(back.partition((256,)), chunks[i], 0.5).submit()
        acc += float(front.to_numpy().sum())  # expect: TC102
        pend_front.wait()
        if pend_back is None:
            break
        front, back = back, front
        pend_front = pend_back
    return acc


print(stream_chunks(np.arange(4 * CHUNK, dtype=np.float32)))
