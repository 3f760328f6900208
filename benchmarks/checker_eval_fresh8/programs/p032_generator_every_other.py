"""A generator of refresh ops, one per cache page; the consumer runs only the even pages."""

from collections.abc import Iterator

from llmweave.kernels import fill

import tilert as tr


def refreshes(pages: list[tr.Tensor]) -> Iterator[tr.Op]:
    for i, page in enumerate(pages):
        yield fill(page.partition((16,)), float(i))  # expect: TC105


pages = [tr.zeros((64,)) for _ in range(4)]
for i, op in enumerate(refreshes(pages)):  # expect-also
    if i % 2 == 0:
        op.sync()
print(pages[2].to_numpy()[0])
