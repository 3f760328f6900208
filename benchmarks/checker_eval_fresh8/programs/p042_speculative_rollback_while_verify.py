"""Speculative decoding whose rollback restores the draft cache from the snapshot while the
target's verification still reads the draft cache."""

from llmweave.kernels import add, scale

import tilert as tr

draft_kv = tr.zeros((64,), name="draft_kv")
target_out = tr.zeros((64,))
snapshot = tr.ones((64,))
tok = tr.ones((64,))

scale(draft_kv.partition((16,)), tok, 0.5).sync()
verify = add(target_out.partition((16,)), draft_kv, tok).submit()
rejected = True
if rejected:
    draft_kv.copy_from(snapshot)  # expect: TC103
verify.wait()
