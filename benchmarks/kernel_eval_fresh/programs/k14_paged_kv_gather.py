"""Paged KV cache: gather a sequence's rows from a pool of pages [pages, page_size, d] through a
block table (vLLM-style), into a dense [len, d] buffer. Token t lives in page
table[t // page_size] at row t % page_size; rows past the length read 0 and are not stored."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16, i32

PAGE = 16


@tr.kernel
def paged_gather(
    dense: Mutable[Tensor[f16]],
    pool: Shared[Tensor[f16]],
    table: Shared[Tensor[i32]],
    seq_len: int,
) -> None:
    bt, d = dense.tile_shape
    t0 = dense.index[0] * bt
    tok = t0 + tl.arange(bt)
    valid = tok < seq_len
    page_slot, row = tl.divmod(tok, PAGE)
    page = tl.gather(table, page_slot, mask=valid, padding_value=0)
    cols = tl.arange(d)
    vals = tl.gather(pool, (page[:, None], row[:, None], cols[None, :]), mask=valid[:, None])
    dense.store(vals)


def main():
    rng = np.random.default_rng(14)
    NP, D, L = 12, 32, 90
    pool = rng.standard_normal((NP, PAGE, D)).astype(np.float16)
    n_pages = -(-L // PAGE)
    table = rng.permutation(NP)[:n_pages].astype(np.int32)
    dense = tr.zeros((L, D), dtype=f16)
    paged_gather(dense.partition((32, D)), tr.from_numpy(pool), tr.from_numpy(table), L).sync()
    ref = np.stack([pool[table[t // PAGE], t % PAGE] for t in range(L)])
    if not np.array_equal(dense.to_numpy(), ref):
        raise AssertionError("paged gather mismatch")
    print("OK k14")


main()
