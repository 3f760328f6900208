"""A helper submits the copy and returns the Pending; the caller logs the destination before
waiting on it."""

from __future__ import annotations

from llmkit.layers import start_copy

import tilert as tr


def load_weights(dst: tr.Tensor, src: tr.Tensor) -> None:
    pending = start_copy(dst, src)
    print("loaded", dst.to_numpy()[:2])  # expect: TC102
    pending.wait()


def main() -> None:
    w = tr.empty((512,))
    load_weights(w, tr.ones((512,)))


if __name__ == "__main__":
    main()
