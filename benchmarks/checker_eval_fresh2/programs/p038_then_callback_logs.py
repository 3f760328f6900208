"""A chain whose middle step logs the hidden state for debugging."""

from __future__ import annotations

from llmserve.kernels import copy, scale

import tilert as tr

N = 512


def main() -> None:
    x = tr.full((N,), 3.0)
    hidden = tr.empty((N,), name="hidden")

    def log_then_scale(part: tr.Partition, *_: object) -> tr.Op:
        print("hidden before scale:", hidden.to_numpy()[:2])  # expect: TC102
        return scale(part, 0.5)

    copy(hidden.partition((128,)), x).then(log_then_scale).sync()  # expect-also
    print(hidden.to_numpy()[:2])


if __name__ == "__main__":
    main()
