"""A subclass's finish() forgets to call super().finish() before reading the output."""

from __future__ import annotations

from llmdeck.kernels import scale

import tilert as tr

N = 64


class Layer:
    def __init__(self) -> None:
        self.out = tr.zeros((N,))
        self._pending: tr.Pending | None = None

    def start(self, x: tr.Tensor) -> None:
        self._pending = scale(self.out.partition((16,)), x, 2.0).submit()

    def finish(self) -> list[float]:
        if self._pending is not None:
            self._pending.wait()
        return self.out.to_numpy().tolist()


class LoggedLayer(Layer):
    def finish(self) -> list[float]:
        first = float(self.out.to_numpy()[0])  # expect: TC102
        print("first value", first)
        return super().finish()


layer = LoggedLayer()
layer.start(tr.arange(N))
print(sum(layer.finish()))  # expect-also
