"""A nested report() closure reads the logits; it is called only after the Pending is
waited."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def main() -> None:
    logits = tr.full((512,), 4.0, name="logits")

    def report() -> float:
        return float(logits.to_numpy().mean())

    before = report()
    pending = scale(logits.partition((128,)), 0.25).submit()
    pending.wait()
    after = report()
    assert (before, after) == (4.0, 1.0)
    print("mean:", before, "->", after)


if __name__ == "__main__":
    main()
