"""Greedy sampling: argmax over the logits of each sequence. The helper builds the argmax op
but the caller forgets to run it before reading the token ids."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def greedy(logits: tr.Tensor, out_ids: tr.Tensor) -> tr.Op:
    return tk.argmax(out_ids, logits)  # expect: TC105


def main() -> None:
    logits = tr.from_numpy(np.random.default_rng(3).standard_normal((4, 1000)).astype(np.float32))
    next_ids = tr.zeros((4,), dtype=tr.i32, name="next_ids")
    greedy(logits, next_ids)  # expect-also: TC105
    print("next tokens:", next_ids.to_numpy().tolist())


main()
