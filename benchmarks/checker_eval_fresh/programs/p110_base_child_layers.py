"""A base layer owns the buffer; a subclass launches into it and waits in the same method."""

from __future__ import annotations

from llmkit.kernels import silu

import tilert as tr


class BaseLayer:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,), name="buf")

    def read(self) -> float:
        return float(self.buf.to_numpy()[0])


class SiluLayer(BaseLayer):
    def forward(self, x: tr.Tensor) -> float:
        pending = silu(self.buf.partition((64,)), x).submit()
        pending.wait()
        return self.read()


def main() -> None:
    layer = SiluLayer(256)
    value = layer.forward(tr.zeros((256,)))
    assert value == 0.0
    print("silu(0) =", value)


if __name__ == "__main__":
    main()
