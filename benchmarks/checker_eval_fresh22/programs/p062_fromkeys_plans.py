"""Initialising adapter banks: one output plan per adapter name via dict.fromkeys."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

bank = tr.zeros((256,), name="lora_bank")
init = {"q": upload(np.full(256, 0.1)), "v": upload(np.full(256, 0.2))}
plans = dict.fromkeys(init, tiles(bank))
for name, src in init.items():
    K.accum(plans[name], src).sync()  # expect: TC109
print(bank.to_numpy()[:2])
