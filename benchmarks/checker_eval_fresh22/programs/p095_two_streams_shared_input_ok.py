"""Two heads computed on two streams from one hidden state, which the host also reads."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

hidden = upload(np.linspace(-2, 2, 512), name="hidden")
policy, value = tr.zeros((512,), name="policy"), tr.zeros((512,), name="value")
s_policy, s_value = tr.Stream(), tr.Stream()
p_policy = K.relu(tiles(policy), hidden).submit(s_policy)
p_value = K.scale(tiles(value), hidden, 0.25).submit(s_value)
host_norm = float(np.linalg.norm(hidden.to_numpy()))  # hidden is only read by both launches
p_value.wait()
p_policy.wait()
assert abs(float(value.to_numpy().sum())) < 1e-3
assert policy.to_numpy().min() == 0.0 and host_norm > 0
