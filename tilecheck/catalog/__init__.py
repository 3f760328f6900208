"""The rule catalog: one module per rule (``tc102_use_in_flight`` for TC102), each defining
``RULE`` with its summary, explanation and VALID/INVALID examples written out as ``tilecheck
explain`` shows them; the examples are the rules' tests too. Rules scoped ``file`` are reported
by the engine, ``host`` ones by ``tilecheck.host``, ``kernel`` ones by ``tilecheck.kernel``."""

from __future__ import annotations

from functools import cache

from tilecheck.catalog.base import Case, Rule
from tilecheck.catalog.tc001_parse_error import RULE as TC001
from tilecheck.catalog.tc002_unused_suppression import RULE as TC002
from tilecheck.catalog.tc101_mutable_alias import RULE as TC101
from tilecheck.catalog.tc102_use_in_flight import RULE as TC102
from tilecheck.catalog.tc103_write_while_shared import RULE as TC103
from tilecheck.catalog.tc104_partition_alive import RULE as TC104
from tilecheck.catalog.tc105_op_never_run import RULE as TC105
from tilecheck.catalog.tc106_wrong_argument_kind import RULE as TC106
from tilecheck.catalog.tc107_bad_partition_shape import RULE as TC107
from tilecheck.catalog.tc108_pending_never_waited import RULE as TC108
from tilecheck.catalog.tc109_partition_consumed import RULE as TC109
from tilecheck.catalog.tc110_op_already_run import RULE as TC110
from tilecheck.catalog.tc111_graph_capture_misuse import RULE as TC111
from tilecheck.catalog.tc201_store_to_shared import RULE as TC201
from tilecheck.catalog.tc202_store_outside_tile import RULE as TC202
from tilecheck.catalog.tc203_unsafe_op import RULE as TC203
from tilecheck.catalog.tc204_unsupported_construct import RULE as TC204
from tilecheck.catalog.tc205_bad_tile_shape import RULE as TC205
from tilecheck.catalog.tc206_bad_kernel_signature import RULE as TC206
from tilecheck.catalog.tc207_store_tile_mismatch import RULE as TC207
from tilecheck.catalog.tc208_mma_mismatch import RULE as TC208
from tilecheck.catalog.tc209_reshape_size_mismatch import RULE as TC209
from tilecheck.catalog.tc210_load_outside_tensor import RULE as TC210
from tilecheck.catalog.tc211_load_like_smaller import RULE as TC211

__all__ = ["Case", "Rule", "catalog"]

_RULES: tuple[Rule, ...] = (
    TC001,
    TC002,
    TC101,
    TC102,
    TC103,
    TC104,
    TC105,
    TC106,
    TC107,
    TC108,
    TC109,
    TC110,
    TC111,
    TC201,
    TC202,
    TC203,
    TC204,
    TC205,
    TC206,
    TC207,
    TC208,
    TC209,
    TC210,
    TC211,
)


@cache
def catalog() -> dict[str, Rule]:
    """Every rule by code, in code order."""
    return {r.code: r for r in sorted(_RULES, key=lambda r: r.code)}
