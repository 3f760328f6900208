"""Timing a kernel with events over a few repetitions: each repetition is waited on, and the
output is checked after the timed loop."""

import statistics

from servekit import scale_into

import tilert as tr

N, REPS = 1024, 5

x = tr.ones((N,), name="x")
y = tr.empty((N,), name="y")
stream = tr.current_stream()

scale_into(y.partition((256,)), x, 4.0).sync()  # warm-up
times = []
for _ in range(REPS):
    start = stream.record()
    pending = scale_into(y.partition((256,)), x, 4.0).submit()
    end = stream.record()
    pending.wait()
    end.synchronize()
    times.append(start.elapsed_ms(end))
assert float(y.to_numpy()[0]) == 4.0
print(f"median {statistics.median(times):.3f} ms over {REPS}")
