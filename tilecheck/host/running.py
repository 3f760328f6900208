"""What the round 20C helpers (``tilecheck.host.tasks``, ``memo_calls``) use of the body's
analysis running them, as a protocol: they are called from its classes, which they do not
import (imports go one way)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.model import ObjInfo, Oids, Value
from tilecheck.host.summary import Summary


class Running(Protocol):
    awaited_call: cst.Call | None  # a call whose body runs here, up to its first ``await``

    @property
    def ctx(self) -> Context: ...

    @property
    def env(self) -> Mapping[str, Oids]: ...

    @property
    def scope_node(self) -> cst.FunctionDef | None: ...

    @property
    def parameters(self) -> frozenset[str]: ...

    @property
    def summarized(self) -> bool: ...

    @property
    def infos(self) -> Sequence[ObjInfo]: ...

    @property
    def given_too(self) -> dict[cst.Call, tuple[cst.Arg, ...]]: ...

    @property
    def maybe(self) -> int: ...

    @property
    def memo_slots(self) -> dict[cst.Call, str]: ...

    def set_env(self, name: str, oids: Oids | None) -> None: ...

    def set_bound(self, name: str, oid: int | None) -> None: ...

    def escape(self, value: Value) -> None: ...

    def close_over(self, oids: Oids) -> None: ...

    def call_summary(self, call: cst.Call, summary: Summary, receiver: str | None) -> Value: ...
