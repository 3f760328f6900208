from __future__ import annotations

import numpy as np
from llmrun.kernels import copy, relu

import tilert as tr


def load_chunk(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    return copy(dst.partition((32,)), src).submit()


def run(chunks: list[tr.Tensor]) -> list[float]:
    staging = [tr.zeros((64,)), tr.zeros((64,))]
    out = tr.zeros((64,))
    results = []
    pend = load_chunk(staging[0], chunks[0])
    for i in range(len(chunks)):
        pend.wait()
        if i + 1 < len(chunks):
            pend = load_chunk(staging[(i + 1) % 2], chunks[i + 1])
        relu(out.partition((32,)), staging[i % 2]).sync()
        results.append(float(staging[(i + 1) % 2].to_numpy().sum()))  # expect: TC102
    return results


data = [tr.from_numpy(np.full(64, c - 1.5, dtype=np.float32)) for c in range(4)]
print(run(data))  # expect-also
