"""The same `attrgetter` read, after the head's Pending; an input read while the op runs."""

from dataclasses import dataclass, field
from operator import attrgetter

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


@dataclass
class Head:
    out: tr.Tensor = field(default_factory=lambda: tr.zeros((48,), name="head.out"))
    inp: tr.Tensor = field(default_factory=lambda: tr.from_numpy(np.arange(48, dtype=np.float32)))


@dataclass
class Model:
    head: Head = field(default_factory=Head)


engine = Model()
get_out, get_in = attrgetter("head.out"), attrgetter("head.inp")
running = K.scale(tiles(engine.head.out), engine.head.inp, 0.1).submit()
assert get_in(engine).to_numpy()[-1] == 47.0  # only read by the op: allowed
running.wait()
assert int(np.argmax(get_out(engine).to_numpy())) == 47
