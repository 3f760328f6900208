"""A subclass submits into the buffer its base class owns and calls the base's read() helper
before waiting."""

from __future__ import annotations

from llmkit.kernels import silu

import tilert as tr


class BaseLayer:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,), name="buf")

    def read(self) -> float:
        return float(self.buf.to_numpy()[0])  # expect: TC102


class SiluLayer(BaseLayer):
    def forward(self, x: tr.Tensor) -> float:
        pending = silu(self.buf.partition((64,)), x).submit()
        value = self.read()  # expect-also
        pending.wait()
        return value


def main() -> None:
    print(SiluLayer(256).forward(tr.zeros((256,))))


if __name__ == "__main__":
    main()
