"""Optional post-processing stages selected with an enum.Flag."""

import enum

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class Post(enum.Flag):
    CLAMP = enum.auto()
    SCALE = enum.auto()
    SHIFT = enum.auto()


def pipeline(x: tr.Tensor, enabled: Post) -> tr.Tensor:
    cur = x
    for stage in Post:
        dst = tr.zeros(x.shape, name=stage.name)
        if stage is Post.CLAMP:
            op = K.relu(tiles(dst), cur)  # expect: TC105
        elif stage is Post.SCALE:
            op = K.scale(tiles(dst), cur, 2.0)
        else:
            op = K.add(tiles(dst), cur, cur)
        if stage in enabled:
            op.sync()
            cur = dst
    return cur


res = pipeline(upload(np.linspace(-1, 1, 64)), Post.SCALE | Post.SHIFT)  # expect-also
print(res.to_numpy()[:3])
