"""Early stopping: each iteration takes a fresh partition and syncs; the loop breaks once the
host-read value converges."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def main() -> None:
    h = tr.full((256,), 64.0, name="h")
    steps = 0
    for steps in range(1, 20):  # noqa: B007
        scale(h.partition((64,)), 0.5).sync()
        if h.to_numpy()[0] <= 1.0:
            break
    assert steps == 6
    print("converged after", steps, "steps")


if __name__ == "__main__":
    main()
