"""A toy serving loop: each request picks greedy (argmax) or temperature-scaled logits."""

from dataclasses import dataclass

import numpy as np
from llmquay import scale

import tilert as tr
import tilert.kernels as tk

VOCAB = 512


@dataclass
class Request:
    rid: int
    temperature: float


def serve(requests: list[Request], logits: tr.Tensor) -> dict[int, int]:
    results: dict[int, int] = {}
    ids = tr.zeros((1,), dtype=tr.i32)
    scaled = tr.empty((1, VOCAB))
    for req in requests:
        if req.temperature == 0.0:
            op = tk.argmax(ids, logits)
        else:
            op = scale(scaled.partition((1, VOCAB)), logits, 1.0 / req.temperature)  # expect: TC105
            results[req.rid] = -1
            continue
        op.sync()
        results[req.rid] = int(ids.to_numpy()[0])
    return results


logits = tr.from_numpy(np.random.default_rng(1).standard_normal((1, VOCAB)).astype(np.float32))
print(serve([Request(0, 0.0), Request(1, 0.7)], logits))
