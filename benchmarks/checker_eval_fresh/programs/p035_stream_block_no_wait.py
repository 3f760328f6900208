"""Work put on a side stream with `with tr.Stream():`; leaving the with block does not wait for
it, so reading the output right after is a use in flight."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr


def main() -> None:
    src = tr.full((256,), 4.0)
    dst = tr.zeros((256,))
    with tr.Stream():
        pending = copy(dst.partition((64,)), src).submit()
    total = dst.to_numpy().sum()  # expect: TC102
    pending.wait()
    print(total)


if __name__ == "__main__":
    main()
