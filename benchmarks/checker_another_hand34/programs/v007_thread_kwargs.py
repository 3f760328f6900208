"""A background exporter thread: the export buffer's plan is handed to threading.Thread in its
kwargs; the method logs the buffer's checksum before it starts the thread."""

from __future__ import annotations

import threading

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


class Exporter:
    def __init__(self, weights: tr.Tensor) -> None:
        self.weights = weights
        self.buf = tr.zeros(N, name="export_buf")
        self.log: list[float] = []

    def _fill(self, part: tr.Partition, src: tr.Tensor) -> None:
        K.copy(part, src).sync()

    def export(self) -> np.ndarray:
        worker = threading.Thread(
            target=self._fill, kwargs={"part": tiles(self.buf), "src": self.weights}, daemon=True
        )
        self.log.append(float(self.buf.to_numpy().sum()))  # expect: TC104
        worker.start()
        worker.join()
        return self.buf.to_numpy()


if __name__ == "__main__":
    exp = Exporter(upload(np.arange(N), name="w"))
    out = exp.export()  # expect-also
    np.testing.assert_array_equal(out, np.arange(N, dtype=np.float32))
    print("exported", exp.log)
