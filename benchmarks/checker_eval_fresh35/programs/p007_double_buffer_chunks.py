"""Stream a large host array through the device in chunks, two staging buffers."""

import numpy as np
from tilekit import scale

import tilert as tr

CHUNK = 1024


def process(host):
    chunks = np.split(host, len(host) // CHUNK)
    inbuf = [tr.empty((CHUNK,), name=f"in{i}") for i in range(2)]
    outbuf = [tr.empty((CHUNK,), name=f"out{i}") for i in range(len(chunks))]
    pending = []
    for i, chunk in enumerate(chunks):
        slot = i % 2
        inbuf[slot].copy_from(chunk)  # expect: TC103
        pending.append(scale(outbuf[i].partition((256,)), inbuf[slot], 0.5).submit())
    results = []
    for i, p in enumerate(pending):
        p.wait()
        results.append(outbuf[i].to_numpy().copy())
    return np.concatenate(results)


data = np.arange(8 * CHUNK, dtype=np.float32)
print(process(data)[:4])  # expect-also: TC103
