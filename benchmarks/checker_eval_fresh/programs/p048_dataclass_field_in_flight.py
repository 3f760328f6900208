"""A dataclass holds the batch; the step submits a write to one field and a logging line reads
that field before the wait."""

from __future__ import annotations

from dataclasses import dataclass

from llmkit.kernels import silu

import tilert as tr


@dataclass
class Batch:
    hidden: tr.Tensor
    act: tr.Tensor


def main() -> None:
    batch = Batch(hidden=tr.ones((256,)), act=tr.zeros((256,)))
    pending = silu(batch.act.partition((64,)), batch.hidden).submit()
    print("act mean:", batch.act.to_numpy().mean())  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()
