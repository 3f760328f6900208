"""One step of overlap; the function returns without waiting for the last step."""

from __future__ import annotations

from llmserve.kernels import fill

import tilert as tr


def run(steps: int) -> list[float]:
    outs = [tr.empty((256,)) for _ in range(steps)]
    prev: tr.Pending | None = None
    seen = []
    for step in range(steps):
        p = fill(outs[step].partition((64,)), float(step)).submit()  # expect: TC108
        if prev is not None:
            prev.wait()
            seen.append(float(outs[step - 1].to_numpy()[0]))
        prev = p
    return seen


def main() -> None:
    print(run(4))


if __name__ == "__main__":
    main()
