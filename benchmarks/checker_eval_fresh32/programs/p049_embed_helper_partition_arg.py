"""An embedding helper takes the output partition from its caller; the caller passes the same
partition for the token and position embeddings."""

import numpy as np
from llmcraft import axpy

import tilert as tr

D = 256


def accumulate_embedding(out_part: tr.Partition, table_row: tr.Tensor) -> None:
    axpy(out_part, table_row, 1.0).sync()  # expect: TC109


rng = np.random.default_rng(14)
tok_row = tr.from_numpy(rng.standard_normal(D).astype(np.float32), name="tok_row")
pos_row = tr.from_numpy(rng.standard_normal(D).astype(np.float32), name="pos_row")
h = tr.zeros((D,), name="h")

h_part = h.partition((64,))
accumulate_embedding(h_part, tok_row)
accumulate_embedding(h_part, pos_row)  # expect-also: TC109
print(h.to_numpy()[:4])
