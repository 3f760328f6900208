"""KV offload to a host-side copy: presets built with functools.partialmethod over one drain
routine; the preview preset asks for a non-blocking drain and nobody keeps its Pending."""

from __future__ import annotations

import functools

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


class Offloader:
    def __init__(self, kv: tr.Tensor) -> None:
        self.kv = kv
        self.host = tr.zeros(N, name="host_copy")
        self.drains = 0

    def _drain(self, factor: float, *, block: bool) -> None:
        pending = K.scale(tiles(self.host), self.kv, factor).submit()  # expect: TC108
        self.drains += 1
        if block:
            pending.wait()

    full = functools.partialmethod(_drain, 1.0, block=True)
    preview = functools.partialmethod(_drain, 0.5, block=False)


def main() -> None:
    kv = upload(np.linspace(-1.0, 1.0, N), name="kv")
    off = Offloader(kv)
    off.full()
    np.testing.assert_allclose(off.host.to_numpy(), np.linspace(-1.0, 1.0, N), rtol=1e-6)
    off.preview()  # expect-also
    print(f"drains: {off.drains}")


if __name__ == "__main__":
    main()
