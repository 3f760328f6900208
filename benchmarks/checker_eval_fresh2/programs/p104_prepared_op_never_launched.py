"""A decoder prepares the next step's op ahead of time; the last prepared one is never run."""

from __future__ import annotations

from llmserve.kernels import scale

import tilert as tr

N = 256


class Decoder:
    def __init__(self) -> None:
        self.h = tr.ones((N,), name="h")
        self.next_op: tr.Op | None = None

    def prepare(self) -> None:
        self.next_op = scale(self.h.partition((64,)), 0.5)  # expect: TC105

    def step(self) -> None:
        assert self.next_op is not None
        self.next_op.sync()
        self.next_op = None


def decode(steps: int) -> list[float]:
    dec = Decoder()
    dec.prepare()
    trace = []
    for _ in range(steps):
        dec.step()
        trace.append(float(dec.h.to_numpy()[0]))
        dec.prepare()  # expect-also
    return trace


def main() -> None:
    print(decode(3))


if __name__ == "__main__":
    main()
