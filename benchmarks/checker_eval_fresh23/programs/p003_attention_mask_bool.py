"""A padding mask whose truth value asks whether any position is still open."""

from __future__ import annotations

import llmpress.kernels as K
import numpy as np
from llmpress.host import tiles

import tilert as tr


class PadMask:
    def __init__(self, length: int) -> None:
        self.open = tr.ones((length,), name="open")
        self._last: tr.Pending | None = None

    def __bool__(self) -> bool:
        return bool(np.any(self.open.to_numpy() > 0.0))  # expect: TC102

    def close_after(self, lengths: tr.Tensor) -> None:
        self._last = K.copy(tiles(self.open), lengths).submit()

    def settle(self) -> None:
        if self._last is not None:
            self._last.wait()
            self._last = None


def main() -> None:
    mask = PadMask(128)
    keep = tr.from_numpy((np.arange(128) < 40).astype(np.float32))
    mask.close_after(keep)
    if mask:  # expect-also
        print("some positions still attend")
    mask.settle()


main()
