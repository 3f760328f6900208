"""Prefill of a new request overlapping another request's decode on two streams, as a
disaggregating scheduler would issue them: an event orders the decode stream after the
prefill's cache write, and every Pending is waited before the host reads."""

import numpy as np
from infercore import copy

import tilert as tr
import tilert.kernels as tk

SEQ, HIDDEN, VOCAB = 8, 32, 64
rng = np.random.default_rng(52)
w_kv = tr.from_numpy((rng.standard_normal((HIDDEN, HIDDEN)) * 0.2).astype(np.float32))
lm_head = tr.from_numpy((rng.standard_normal((VOCAB, HIDDEN)) * 0.2).astype(np.float32))
prompt = tr.from_numpy(rng.standard_normal((SEQ, HIDDEN)).astype(np.float32))
cache = tr.zeros((SEQ, HIDDEN), name="new_request_cache")
decode_hidden = tr.from_numpy(rng.standard_normal((1, HIDDEN)).astype(np.float32))
decode_logits = tr.empty((1, VOCAB), name="decode_logits")
snapshot = tr.empty((SEQ, HIDDEN), name="cache_snapshot")

prefill_stream, decode_stream = tr.Stream(), tr.Stream()
prefill = tk.linear(cache, prompt, w_kv).submit(prefill_stream)
cache_ready = prefill_stream.record()
decode = tk.linear(decode_logits, decode_hidden, lm_head).submit(decode_stream)
decode_stream.wait_event(cache_ready)
snap = copy(snapshot.partition((1, HIDDEN)), cache).submit(decode_stream)

decode.wait()
token = int(decode_logits.to_numpy().argmax())
prefill.wait()
snap.wait()
assert np.array_equal(snapshot.to_numpy(), cache.to_numpy())
print("decode token", token, "prefilled rows", SEQ)
