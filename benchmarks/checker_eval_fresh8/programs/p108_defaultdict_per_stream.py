"""Work spread over two streams, the Pendings grouped per stream in a defaultdict and waited
stream by stream."""

from collections import defaultdict

from llmweave.kernels import scale

import tilert as tr

streams = [tr.Stream(), tr.Stream()]
x = tr.ones((64,))
outs = [tr.zeros((64,)) for _ in range(4)]
by_stream: defaultdict[int, list[tr.Pending]] = defaultdict(list)
for i, o in enumerate(outs):
    sid = i % len(streams)
    by_stream[sid].append(scale(o.partition((16,)), x, float(i)).submit(streams[sid]))
for _, pendings in sorted(by_stream.items()):
    for p in pendings:
        p.wait()
assert [float(o.to_numpy()[0]) for o in outs] == [0.0, 1.0, 2.0, 3.0]
print("streams ok")
