"""Prefill on the main stream feeding a decode launch on another stream (ordered by last writer)."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

prompt = upload(np.ones(256), name="prompt")
kv = tr.zeros((256,), name="kv")
logits = tr.zeros((256,), name="logits")
decode_stream = tr.Stream()
prefill = K.scale(tiles(kv), prompt, 0.5).submit()
decode = K.scale(tiles(logits), kv, 2.0).submit(decode_stream)  # reads kv after its writer
print("kv head", kv.to_numpy()[:2])  # expect: TC102
decode.wait()
prefill.wait()
