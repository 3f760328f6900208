"""Attention scores computed asynchronously; the method reads them before waiting."""

import tilert as tr
from llm.kernels import mul


class Attention:
    def __init__(self, seq: int) -> None:
        self.q = tr.ones((seq,))
        self.k = tr.full((seq,), 2.0)
        self.scores = tr.zeros((seq,))

    def forward(self) -> float:
        pend = mul(self.scores.partition((64,)), self.q, self.k).submit()
        peak = float(self.scores.to_numpy().max())  # expect: TC102
        pend.wait()
        return peak


def main() -> None:
    attn = Attention(256)
    print("peak", attn.forward())


if __name__ == "__main__":
    main()
