"""Batch requests and keep one batch in flight while the next is prepared."""

import numpy as np
from hostkit import scale

import tilert as tr

BATCH = 256


def serve(requests):
    answers = []
    in_flight = None
    for i in range(0, len(requests), BATCH):
        chunk = np.asarray(requests[i : i + BATCH], dtype=np.float32)
        x = tr.from_numpy(chunk)
        y = tr.empty(x.shape)
        pend = scale(y.partition((128,)), x, 0.5).submit()  # expect: TC108
        if in_flight is not None:
            prev_pend, prev_y = in_flight
            prev_pend.wait()
            answers.extend(prev_y.to_numpy().tolist())
        in_flight = (pend, y)
    return answers


reqs = list(range(1000))
print(len(serve(reqs)))  # expect-also: TC108
