"""A gated layer's forward passes its output tensor straight to the kernel."""

from __future__ import annotations

from llmserve.kernels import silu

import tilert as tr

N = 256


class Gate:
    def __init__(self) -> None:
        self.out = tr.empty((N,), name="gate_out")

    def forward(self, x: tr.Tensor) -> tr.Op:
        return silu(self.out, x)  # expect: TC106


def main() -> None:
    gate = Gate()
    gate.forward(tr.ones((N,))).sync()  # expect-also
    print(gate.out.to_numpy()[0])


if __name__ == "__main__":
    main()
