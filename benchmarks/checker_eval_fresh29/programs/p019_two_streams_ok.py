"""Overlap two independent launches on two streams and time them with events."""

from llmreef import relu, scale

import tilert as tr

x = tr.arange(8192)
a = tr.empty((8192,), name="a")
b = tr.empty((8192,), name="b")

s1, s2 = tr.Stream(), tr.Stream()
start = s1.record()
pa = relu(a.partition((1024,)), x).submit(s1)
pb = scale(b.partition((1024,)), x, 3.0).submit(s2)
s1.wait_event(s2.record())
end = s1.record()
end.synchronize()
print(f"both done in {start.elapsed_ms(end):.3f} ms")
pa.wait()
pb.wait()
print(a.to_numpy()[-1], b.to_numpy()[-1])
