"""A serving loop polls the Pending with done() while doing host work, then waits (done() only
asks; the wait releases)."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def main() -> None:
    logits = tr.full((1024,), 2.0, name="logits")
    pending = scale(logits.partition((256,)), 0.5).submit()
    polls = 0
    while not pending.done():
        polls += 1
    pending.wait()
    assert logits.to_numpy()[0] == 1.0
    print(f"ready after {polls} polls")


if __name__ == "__main__":
    main()
