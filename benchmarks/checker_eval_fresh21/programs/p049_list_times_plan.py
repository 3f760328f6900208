"""Three decay passes planned as [plan] * 3: one partition three times, the second use spent."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

w = H.upload(np.ones(32))
plans = [H.tiles(w)] * 3
for plan, a in zip(plans, (0.9, 0.9, 0.9), strict=True):
    K.scale_(plan, a).sync()  # expect: TC109
