"""A benchmark harness: events recorded around a batch of submitted launches on a stream,
every Pending waited, then the elapsed time read from the events."""

from __future__ import annotations

import statistics

from llmforge import kernels as k

import tilert as tr


def bench(reps: int) -> list[float]:
    stream = tr.Stream()
    x = tr.ones((64,))
    ys = [tr.zeros((64,)) for _ in range(4)]
    times = []
    for _ in range(reps):
        start = stream.record()
        pend = [k.axpy(y.partition((16,)), x, 1.0).submit(stream) for y in ys]
        end = stream.record()
        for p in pend:
            p.wait()
        end.synchronize()
        times.append(start.elapsed_ms(end))
    assert all(float(y.to_numpy()[0]) == reps for y in ys)
    return times


times = bench(3)
print(f"median {statistics.median(times):.4f} ms over {len(times)} reps")
