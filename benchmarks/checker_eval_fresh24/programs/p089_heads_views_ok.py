"""Multi-head output buffer: each head's slice is written by its own launch, all in flight at
once, and a wait_all() method releases them before the host reads the whole buffer."""

import numpy as np
from llmbasin import scale

import tilert as tr

HEADS, HEAD_DIM = 8, 128


class HeadOutputs:
    def __init__(self) -> None:
        self.buf = tr.zeros((HEADS, HEAD_DIM), name="heads")
        self.pending: list[tr.Pending] = []

    def launch(self, h: int, x: tr.Tensor, weight: float) -> None:
        self.pending.append(scale(self.buf[h].partition((HEAD_DIM,)), x, weight).submit())

    def wait_all(self) -> np.ndarray:
        while self.pending:
            self.pending.pop().wait()
        return self.buf.to_numpy()


def main() -> None:
    x = tr.from_numpy(np.ones(HEAD_DIM, dtype=np.float32))
    heads = HeadOutputs()
    for h in range(HEADS):
        heads.launch(h, x, 1.0 / (h + 1))
    out = heads.wait_all()
    print(out[:, 0])


if __name__ == "__main__":
    main()
