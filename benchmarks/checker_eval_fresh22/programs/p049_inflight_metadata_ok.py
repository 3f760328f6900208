"""Request logging that touches the output tensor while its launch is in flight (metadata only)."""

import logging

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

logging.basicConfig(level=logging.INFO, format="%(message)s")
log = logging.getLogger("serve")

hidden = upload(np.linspace(-1, 1, 512), name="hidden")
logits = tr.zeros((4, 128), name="logits")
pending = K.relu(tiles(logits), hidden.reshape(4, 128)).submit()
log.info("launched %s -> %s", pending.label, logits)  # repr: shape and dtype, no data
log.info("shape=%s strides=%s contiguous=%s", logits.shape, logits.strides, logits.is_contiguous())
row = logits[2]  # a view may be made while in flight; reading it may not
assert row.base is logits and row.shape == (128,)
log.debug("described: %s", logits.describe())
pending.wait()
top = np.argmax(row.to_numpy())
assert top == 127, top
