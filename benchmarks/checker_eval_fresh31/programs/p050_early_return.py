"""One greedy decode step that stops early on the end-of-sequence token."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

EOS = 0


def decode_step(hidden: tr.Tensor, w: tr.Tensor, logits: tr.Tensor, last: int) -> int | None:
    pending = tk.gemm(logits, hidden, w).submit()  # expect: TC108
    if last == EOS:
        return None
    pending.wait()
    return int(logits.to_numpy().argmax())


def main() -> None:
    rng = np.random.default_rng(16)
    hidden = tr.from_numpy(rng.standard_normal((1, 32)).astype(np.float32))
    w = tr.from_numpy(rng.standard_normal((32, 64)).astype(np.float32))
    logits = tr.empty((1, 64))
    sequences = [[5, 9], [3, EOS], [7]]  # the second one has finished
    for seq in sequences:
        nxt = decode_step(hidden, w, logits, seq[-1])  # expect-also: TC108
        if nxt is not None:
            seq.append(nxt)
    print(sequences)


main()
