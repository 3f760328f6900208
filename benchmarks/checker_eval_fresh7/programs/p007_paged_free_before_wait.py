"""Paged KV cache: a request that hits EOS returns its pages at once, and the next request's
prefill writes into a page whose previous write was never waited."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr

PAGE = 32
pool = tr.zeros((4, PAGE), name="pages")
free = [3, 2, 1, 0]
block_table: dict[int, list[int]] = {}
pending: dict[int, tr.Pending] = {}


def write_token(rid: int, value: float) -> None:
    page = free.pop()
    block_table.setdefault(rid, []).append(page)
    pending[rid] = K.fill(pool[page].partition((16,)), value).submit()  # expect: TC102


def finish(rid: int) -> None:
    free.extend(reversed(block_table.pop(rid)))


write_token(0, 1.0)
finish(0)  # EOS: the page goes back before pending[0] is waited
write_token(1, 2.0)  # expect-also
for p in pending.values():
    p.wait()
