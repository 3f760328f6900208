"""Overlap the upload of the next batch (copy stream) with compute on the current one."""

import numpy as np
from llmquay import copy, relu

import tilert as tr

N = 4096
BATCHES = 4


def main() -> None:
    copy_stream = tr.Stream()
    compute_stream = tr.Stream()
    host = [tr.from_numpy(np.full(N, i - 1.5, dtype=np.float32)) for i in range(BATCHES)]
    staged = [tr.empty((N,)) for _ in range(BATCHES)]
    outs = [tr.empty((N,)) for _ in range(BATCHES)]

    uploads = [copy(staged[0].partition((1024,)), host[0]).submit(copy_stream)]
    computes = []
    for i in range(BATCHES):
        if i + 1 < BATCHES:
            nxt = copy(staged[i + 1].partition((1024,)), host[i + 1]).submit(copy_stream)
            uploads.append(nxt)
        ready = copy_stream.record()
        compute_stream.wait_event(ready)
        computes.append(relu(outs[i].partition((1024,)), staged[i]).submit(compute_stream))

    for p in uploads + computes:
        p.wait()
    firsts = [float(o.to_numpy()[0]) for o in outs]
    assert firsts == [0.0, 0.0, 0.5, 1.5], firsts
    print(firsts)


if __name__ == "__main__":
    main()
