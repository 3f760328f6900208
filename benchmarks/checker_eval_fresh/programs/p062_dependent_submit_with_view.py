"""Dependent submits again, but the activation also has a 2-d view for later: a tensor with
views is borrowed by region, so a launch may not read it while the unwaited writer holds it."""

from __future__ import annotations

from llmkit.kernels import copy, silu

import tilert as tr


def main() -> None:
    x = tr.ones((512,), name="x")
    act = tr.zeros((512,), name="act")
    act2d = act.reshape(4, 128)
    out = tr.zeros((512,), name="out")
    first = silu(act.partition((128,)), x).submit()
    second = copy(out.partition((128,)), act).submit()  # expect: TC102
    first.wait()
    second.wait()
    print(act2d.to_numpy()[0, 0])


if __name__ == "__main__":
    main()
