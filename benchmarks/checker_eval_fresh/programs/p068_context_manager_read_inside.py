"""The same prefetching context manager, but the body reads the buffer being prefetched."""

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
    with Prefetch(weights, tr.full((256,), 9.0)):
        print("weights:", weights.to_numpy()[0])  # expect: TC102


if __name__ == "__main__":
    main()
