"""A .then callback that logs the intermediate result on the host before launching the next
kernel: host reads inside a chain's callback are refused (on a GPU it runs before the work)."""

from __future__ import annotations

from llmkit.kernels import residual_add, silu

import tilert as tr


def main() -> None:
    x = tr.ones((256,))
    act = tr.zeros((256,), name="act")
    h = tr.zeros((256,), name="h")

    def next_step(*_: object) -> tr.Op:
        print("act[0] =", act.to_numpy()[0])  # expect: TC102
        return residual_add(h.partition((64,)), act)

    silu(act.partition((64,)), x).then(next_step).sync()  # expect-also
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
