"""Overlapping a weight upload with compute: the copy goes on a side stream, the compute on the
default one, and an event recorded after the copy orders the consumer after it."""

import numpy as np
from servekit import add, copy, scale_into

import tilert as tr

DIM = 128

staging = tr.from_numpy(np.linspace(-1, 1, DIM, dtype=np.float32))
weights = tr.empty((DIM,), name="weights")
acts = tr.ones((DIM,), name="acts")
out = tr.empty((DIM,), name="out")
biased = tr.empty((DIM,), name="biased")

copy_stream = tr.Stream()
main_stream = tr.current_stream()
upload = copy(weights.partition((64,)), staging).submit(copy_stream)
uploaded = copy_stream.record()
scale_into(out.partition((64,)), acts, 2.0).sync()
main_stream.wait_event(uploaded)
upload.wait()
add(biased.partition((64,)), out, weights).sync()
print(
    f"checksum {float(weights.to_numpy().sum()):.3f}, biased[0] {float(biased.to_numpy()[0]):.3f}"
)
