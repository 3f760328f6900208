"""Time a sequence of launches between two events on the current stream."""

from llmcove import axpy, scale

import tilert as tr

N, ITERS = 1 << 14, 10
x = tr.ones((N,))
y = tr.zeros((N,))
stream = tr.current_stream()

start = stream.record()
pendings = []
for _ in range(ITERS):
    pendings.append(axpy(y.partition((1024,)), x, 0.5).submit())
    pendings[-1].wait()
scale(y.partition((1024,)), 2.0).sync()
end = stream.record()
end.synchronize()
print(f"{start.elapsed_ms(end) / ITERS:.4f} ms per launch; y[0] = {y.to_numpy()[0]}")
