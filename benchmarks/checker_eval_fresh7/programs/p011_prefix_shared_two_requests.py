"""A prefix cache shared by two requests: both requests' ops read the cached prefix while in
flight, and the host reads the prefix too (only reads: nothing writes it meanwhile)."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

prefix = tr.from_numpy(np.full(64, 3.0, dtype=np.float32), name="system_prompt")
req_a, req_b = tr.zeros((64,), name="a"), tr.zeros((64,), name="b")

pa = K.scale(req_a.partition((16,)), prefix, 2.0).submit()
pb = K.add(req_b.partition((16,)), prefix, prefix).submit()
checksum = float(prefix.to_numpy().sum())  # reading a tensor that in-flight ops only read
pa.wait()
pb.wait()
assert checksum == 192.0
assert req_a.to_numpy()[0] == 6.0 and req_b.to_numpy()[0] == 6.0
print("shared prefix ok")
