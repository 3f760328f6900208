"""Decode loop that prefetches the next step's embedding before checking the token; on EOS it
breaks out, and the prefetch's Pending is left behind."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

EOS = 3


def generate(max_new: int) -> list[int]:
    embed = tr.zeros((64,), name="next_embed")
    table = tr.arange(64)
    prefetch = None
    out = []
    for step in range(max_new):
        if prefetch is not None:
            prefetch.wait()
        tok = int(np.round(embed.to_numpy()[1])) if step else 0
        out.append(tok)
        prefetch = K.scale(embed.partition((16,)), table, float(step + 1)).submit()  # expect: TC108
        if tok == EOS:
            break
    return out


print(generate(10))  # expect-also
