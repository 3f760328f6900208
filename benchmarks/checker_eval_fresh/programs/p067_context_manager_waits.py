"""A context manager that submits a prefetch on entry and waits for it on exit; the buffer is
read after the with block."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr


class Prefetch:
    def __init__(self, dst: tr.Tensor, src: tr.Tensor) -> None:
        self.dst = dst
        self.src = src
        self.pending: tr.Pending | None = None

    def __enter__(self) -> Prefetch:
        self.pending = copy(self.dst.partition((64,)), self.src).submit()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


def main() -> None:
    weights = tr.zeros((256,), name="weights")
    other = tr.ones((256,))
    with Prefetch(weights, tr.full((256,), 9.0)):
        print("meanwhile:", other.to_numpy()[0])
    assert weights.to_numpy()[0] == 9.0
    print("weights:", weights.to_numpy()[0])


if __name__ == "__main__":
    main()
