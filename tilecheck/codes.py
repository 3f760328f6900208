"""Every rule's code, defined once. The passes report by these names and the catalog documents
them; the strings themselves are the public interface (output, suppressions, configuration),
so they never change."""

from __future__ import annotations

import re
from typing import Final

# Findings about a file as a whole (the engine and the suppressions report them).
PARSE_ERROR: Final = "TC001"
UNUSED_SUPPRESSION: Final = "TC002"

# The host analysis (tilecheck.host).
MUTABLE_ALIAS: Final = "TC101"
USE_IN_FLIGHT: Final = "TC102"
WRITE_WHILE_SHARED: Final = "TC103"
PARTITION_ALIVE: Final = "TC104"
OP_NEVER_RUN: Final = "TC105"
WRONG_ARGUMENT_KIND: Final = "TC106"
BAD_PARTITION_SHAPE: Final = "TC107"
PENDING_NEVER_WAITED: Final = "TC108"
PARTITION_CONSUMED: Final = "TC109"
OP_ALREADY_RUN: Final = "TC110"
GRAPH_CAPTURE_MISUSE: Final = "TC111"

# The kernel-body analysis (tilecheck.kernel).
STORE_TO_SHARED: Final = "TC201"
STORE_OUTSIDE_TILE: Final = "TC202"
UNSAFE_OP: Final = "TC203"
UNSUPPORTED_CONSTRUCT: Final = "TC204"
BAD_TILE_SHAPE: Final = "TC205"
BAD_KERNEL_SIGNATURE: Final = "TC206"
# ...and the tile types it infers (tilecheck.kernel.inference), alone or from a launch.
STORE_TILE_MISMATCH: Final = "TC207"
MMA_MISMATCH: Final = "TC208"
RESHAPE_SIZE_MISMATCH: Final = "TC209"
LOAD_OUTSIDE_TENSOR: Final = "TC210"
LOAD_LIKE_SMALLER: Final = "TC211"

# How a code is spelled wherever a user writes one (a suppression comment).
CODE_PATTERN: Final = re.compile(r"TC\d{3}")
