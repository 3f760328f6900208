"""Timing a kernel with events: after the end event is synchronized the author treats the
output as ready, but only waiting on the op releases it."""

from servekit import scale_into

import tilert as tr

N = 1024

x = tr.ones((N,), name="x")
y = tr.empty((N,), name="y")
stream = tr.current_stream()

start = stream.record()
pending = scale_into(y.partition((256,)), x, 4.0).submit()
end = stream.record()
end.synchronize()
ms = start.elapsed_ms(end)
print(f"{ms:.3f} ms, y[0] = {float(y.to_numpy()[0])}")  # expect: TC102
pending.wait()
