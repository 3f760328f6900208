"""A copy stream prefetches the next layer's weights while the compute stream works; the compute
stream waits the copy's event before reading the prefetched buffer, and every Pending is waited."""

from llmroute import kernels as K

import tilert as tr

compute, copier = tr.Stream(), tr.Stream()
host_weights = [tr.full((64,), float(i + 1), name=f"w{i}_host") for i in range(3)]
staged = [tr.zeros((64,), name="stageA"), tr.zeros((64,), name="stageB")]
h = tr.ones((64,), name="h")
outs = [tr.zeros((64,), name=f"out{i}") for i in range(3)]
pendings = []
for i in range(3):
    buf = staged[i % 2]
    pendings.append(K.copy(buf.partition((16,)), host_weights[i]).submit(copier))
    compute.wait_event(copier.record())
    pendings.append(K.mul(outs[i].partition((16,)), h, buf).submit(compute))
    for p in pendings:
        p.wait()
    pendings.clear()
assert [float(o.to_numpy()[0]) for o in outs] == [1.0, 2.0, 3.0]
print("prefetch ok")
