"""Shared fixtures: GPU tests skip cleanly where there is no usable GPU backend."""

from __future__ import annotations

import pytest


def _gpu_reason() -> str | None:
    from tilert.backends import cutile_unavailable_reason

    return cutile_unavailable_reason()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = None
    for item in items:
        if "gpu" in item.keywords:
            reason = reason or _gpu_reason()
            if reason:
                item.add_marker(pytest.mark.skip(reason=f"no GPU backend: {reason}"))
