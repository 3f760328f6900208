"""A toy async inference server: requests split over N workers, one output buffer each."""

import asyncio

import numpy as np
from tilekit import scale

import tilert as tr

DIM = 256


async def worker(wid, requests, results):
    out = tr.empty((DIM,), name=f"worker{wid}.out")
    for req_id, payload in requests:
        x = tr.from_numpy(payload)
        pending = scale(out.partition((128,)), x, 2.0).submit()
        await asyncio.sleep(0)  # let the other workers enqueue theirs
        await pending
        results[req_id] = out.to_numpy().copy()


async def main():
    requests = [(r, np.full(DIM, r, dtype=np.float32)) for r in range(9)]
    results = {}
    await asyncio.gather(*(worker(w, requests[w::3], results) for w in range(3)))
    print(sorted((k, float(v[0])) for k, v in results.items()))


asyncio.run(main())
