"""A generator of submitted decode steps; the consumer stops at EOS and leaves the step the
generator already submitted."""

from collections.abc import Iterator

from llmweave.kernels import fill

import tilert as tr


def steps(bufs: list[tr.Tensor]) -> Iterator[tuple[int, tr.Pending]]:
    for i, b in enumerate(bufs):
        yield i, fill(b.partition((16,)), float(i)).submit()  # expect: TC108


bufs = [tr.zeros((64,)) for _ in range(5)]
EOS = 2
for i, pending in steps(bufs):  # expect-also
    if i == EOS:
        break
    pending.wait()
print("stopped at", EOS)
