import numpy as np
from tilekit import mul

import tilert as tr


def time_kernel(n, reps=5):
    a = tr.from_numpy(np.random.default_rng(n).random(n, dtype=np.float32))
    b = tr.from_numpy(np.random.default_rng(n + 1).random(n, dtype=np.float32))
    c = tr.empty((n,))
    stream = tr.Stream()
    timings = []
    for _ in range(reps):
        start = stream.record()
        job = mul(c.partition((1024,)), a, b).submit(stream)
        end = stream.record()
        end.synchronize()
        job.wait()
        timings.append(start.elapsed_ms(end))
    return min(timings)


for n in (1 << 14, 1 << 16):
    print(f"mul n={n}: {time_kernel(n):.3f} ms")
