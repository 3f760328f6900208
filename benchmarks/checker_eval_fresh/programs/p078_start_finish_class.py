"""A layer with start() (submits, keeps the Pending) and finish() (waits); the output is read
after finish."""

from __future__ import annotations

from llmkit.kernels import silu

import tilert as tr


class Layer:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,), name="layer_out")
        self.pending: tr.Pending | None = None

    def start(self, x: tr.Tensor) -> None:
        self.pending = silu(self.out.partition((64,)), x).submit()

    def finish(self) -> tr.Tensor:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return self.out


def main() -> None:
    layer = Layer(256)
    layer.start(tr.zeros((256,)))
    other = tr.ones((256,))
    print("overlapped host work:", other.to_numpy()[0])
    out = layer.finish()
    assert out.to_numpy()[0] == 0.0
    print("layer out:", out.to_numpy()[0])


if __name__ == "__main__":
    main()
