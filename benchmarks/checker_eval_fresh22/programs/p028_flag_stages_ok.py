"""Optional post-processing stages selected with an enum.Flag, each op made only when enabled."""

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
        if stage not in enabled:
            continue
        dst = tr.zeros(x.shape, name=stage.name)
        if stage is Post.CLAMP:
            op = K.relu(tiles(dst), cur)
        elif stage is Post.SCALE:
            op = K.scale(tiles(dst), cur, 2.0)
        else:
            op = K.add(tiles(dst), cur, cur)
        op.sync()
        cur = dst
    return cur


src = np.linspace(-1, 1, 64).astype(np.float32)
res = pipeline(upload(src), Post.CLAMP | Post.SCALE)
np.testing.assert_allclose(res.to_numpy(), np.maximum(src, 0) * 2.0)
