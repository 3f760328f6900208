"""Batch scheduler: one in-flight launch per request id; finished requests are popped."""

import numpy as np
from llmbasin import scale

import tilert as tr

HIDDEN = 512


def main() -> None:
    rng = np.random.default_rng(13)
    outs = {rid: tr.empty((HIDDEN,), name=f"req{rid}") for rid in range(4)}
    ins = {rid: tr.from_numpy(rng.standard_normal(HIDDEN).astype(np.float32)) for rid in outs}
    inflight: dict[int, tr.Pending] = {}
    for rid in outs:
        inflight[rid] = scale(outs[rid].partition((128,)), ins[rid], 0.5).submit()  # expect: TC108
    finished = [0, 1, 2, 3]
    for rid in finished:
        inflight.pop(rid)  # done: drop the entry
    print(len(inflight))


if __name__ == "__main__":
    main()
