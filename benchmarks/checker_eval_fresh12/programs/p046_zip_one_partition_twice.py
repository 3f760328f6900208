"""One partition handed to both ops of a tr.zip."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

z = tr.zeros((128,))
part = tiles(z)
fill = K.fill(part, 1.0)
double = K.scale_(part, 2.0)  # expect: TC109
tr.zip(fill, double).sync()
