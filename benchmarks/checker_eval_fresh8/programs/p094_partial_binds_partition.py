"""A refresh function made with functools.partial, which binds one partition for every call."""

from functools import partial

from llmweave.kernels import fill

import tilert as tr

cache = tr.zeros((64,))
refresh = partial(fill, cache.partition((16,)))
refresh(0.0).sync()
refresh(1.0).sync()  # expect: TC109
