"""The switch and hooks of ``tilecheck --show-gaps`` (issue 17, round 30R): where the host
analysis gave up on an object. Kept apart from ``tilecheck.host.gap_reasons``, which records
them and is imported only while ``RECORDING`` is on: off, a hook costs one global read."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import libcst as cst

    from tilecheck.host.gap_reasons import Frame
    from tilecheck.host.model import Oids, Value

# Set by ``tilecheck.module_check.check_module`` for the module being checked while
# ``--show-gaps`` is on; the hooks below are called only then.
RECORDING = False


def escaped(an: Frame, value: Value) -> None:
    """``Inlined.escape``: ``value`` goes where the analysis does not follow."""
    from tilecheck.host import gap_reasons

    gap_reasons.escaped(an, value)


def captured(an: Frame, oids: Oids) -> None:
    """``Inlined.close_over``: a closure names these."""
    from tilecheck.host import gap_reasons

    gap_reasons.captured(an, oids)


def joined(an: Frame, oid: int) -> None:
    """``SlotFacts.retire``: its site makes a new object."""
    from tilecheck.host import gap_reasons

    gap_reasons.joined(an, oid)


def left_unknown(an: Frame, item: cst.WithItem) -> None:
    """``with_exits.left`` of a manager the analysis does not follow."""
    from tilecheck.host import gap_reasons

    gap_reasons.left_unknown(an, item)


def called_unknown(an: Frame, call: cst.Call) -> None:
    """``Calls._call`` of a callable value it does not resolve (``cb()``, ``hooks[k]()``)."""
    from tilecheck.host import gap_reasons

    gap_reasons.called_unknown(an, call)
