"""The f16 copy for the next stage is made with astype while the op writing the source is still
in flight."""

from __future__ import annotations

from llmkit.kernels import axpy

import tilert as tr


def main() -> None:
    h = tr.zeros((256,), name="h")
    pending = axpy(h.partition((64,)), tr.ones((256,)), 1.5).submit()
    half = h.astype(tr.f16)  # expect: TC102
    pending.wait()
    print(half.to_numpy()[0])


if __name__ == "__main__":
    main()
