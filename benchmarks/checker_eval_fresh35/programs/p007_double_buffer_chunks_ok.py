"""Stream a large host array through the device in chunks, two staging buffers."""

import numpy as np
from tilekit import scale

import tilert as tr

CHUNK = 1024


def process(host):
    chunks = np.split(host, len(host) // CHUNK)
    inbuf = [tr.empty((CHUNK,), name=f"in{i}") for i in range(2)]
    outbuf = [tr.empty((CHUNK,), name=f"out{i}") for i in range(2)]
    pending = [None, None]
    results = []
    for i, chunk in enumerate(chunks):
        slot = i % 2
        if pending[slot] is not None:
            pending[slot].wait()
            results.append(outbuf[slot].to_numpy().copy())
        inbuf[slot].copy_from(chunk)
        pending[slot] = scale(outbuf[slot].partition((256,)), inbuf[slot], 0.5).submit()
    for slot in (len(chunks) % 2, (len(chunks) + 1) % 2):
        pending[slot].wait()
        results.append(outbuf[slot].to_numpy().copy())
    return np.concatenate(results)


data = np.arange(8 * CHUNK, dtype=np.float32)
out = process(data)
assert np.allclose(out, data * 0.5)
print(out[:4])
