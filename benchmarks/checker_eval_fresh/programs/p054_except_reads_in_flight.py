"""An error path dumps the output buffer for debugging while the op writing it is still in
flight (the wait comes after the try)."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr


def check_shape(t: tr.Tensor, n: int) -> None:
    if t.shape[0] != n:
        raise ValueError(f"expected {n} elements, got {t.shape[0]}")


def main() -> None:
    out = tr.zeros((256,), name="out")
    pending = copy(out.partition((64,)), tr.ones((256,))).submit()
    try:
        check_shape(out, 512)
    except ValueError as err:
        print("bad shape:", err, out.to_numpy()[:4])  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()
