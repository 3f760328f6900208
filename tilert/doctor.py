"""``python -m tilert doctor``: what tilert finds on this machine (GPU, driver, toolkit, tileiras,
cuda.tile), which backend it picks, and how to fix what is missing or known to break."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from tilert import _accel
from tilert._core import extras

BACKENDS = ("cutile", "interpret")  # the values TILERT_BACKEND takes


@dataclass
class Report:
    facts: list[tuple[str, str]] = field(default_factory=list)
    fixes: list[str] = field(default_factory=list)
    backend_error: str | None = None  # why the backend TILERT_BACKEND names can't be used

    @property
    def status(self) -> int:
        """The exit status: 1 when no kernel can launch (the chosen backend is unusable)."""
        return 1 if self.backend_error else 0

    def fact(self, name: str, value: str) -> None:
        self.facts.append((name, value))

    def render(self) -> str:
        width = max((len(n) for n, _ in self.facts), default=0)
        lines = [f"{n.ljust(width)}  {v}" for n, v in self.facts]
        if self.fixes:
            lines += ["", "to fix:"] + [f"  - {f}" for f in self.fixes]
        else:
            lines += ["", "no problems found"]
        return "\n".join(lines)


def _gpu(report: Report) -> bool:
    smi = shutil.which("nvidia-smi")
    if smi is None:
        report.fact("gpu", "no GPU (nvidia-smi not found)")
        return False
    try:
        out = subprocess.run(
            [smi, "--query-gpu=name,driver_version,compute_cap", "--format=csv,noheader"],
            capture_output=True,
            text=True,
            timeout=20,
            check=True,
        ).stdout.strip()
    except (subprocess.SubprocessError, OSError) as exc:
        report.fact("gpu", f"no GPU usable (nvidia-smi failed: {exc})")
        return False
    if not out:
        report.fact("gpu", "no GPU (nvidia-smi lists none)")
        return False
    first = [p.strip() for p in out.splitlines()[0].split(",")]
    report.fact("gpu", f"{first[0]} (compute capability {first[2] if len(first) > 2 else '?'})")
    report.fact("driver", first[1] if len(first) > 1 else "?")
    return True


def _version_of(tool: str) -> str | None:
    try:
        out = subprocess.run([tool, "--version"], capture_output=True, text=True, timeout=20)
    except (subprocess.SubprocessError, OSError):
        return None
    m = re.search(r"release (\d+\.\d+)|V(\d+\.\d+)|(\d+\.\d+\.\d+)", out.stdout + out.stderr)
    return next((g for g in m.groups() if g), None) if m else None


def _toolkit_version(cuda_home: str) -> str | None:
    nvcc = Path(cuda_home) / "bin" / "nvcc"
    if nvcc.exists():
        return _version_of(str(nvcc))
    version_json = Path(cuda_home) / "version.json"
    if version_json.exists():
        m = re.search(r'"cuda"\s*:\s*\{[^}]*"version"\s*:\s*"(\d+\.\d+)', version_json.read_text())
        return m.group(1) if m else None
    return None


def _major_minor(v: str | None) -> tuple[int, int] | None:
    if not v:
        return None
    parts = v.split(".")
    try:
        return int(parts[0]), int(parts[1])
    except (IndexError, ValueError):
        return None


def diagnose() -> Report:
    report = Report()
    has_gpu = _gpu(report)
    tileiras = shutil.which("tileiras")
    tileiras_version = _version_of(tileiras) if tileiras else None
    report.fact(
        "tileiras", f"{tileiras} ({tileiras_version or 'version ?'})" if tileiras else "not found"
    )
    cuda_home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH")
    toolkit = _toolkit_version(cuda_home) if cuda_home else None
    report.fact("CUDA_HOME", f"{cuda_home} (toolkit {toolkit or '?'})" if cuda_home else "not set")
    try:
        import cuda.tile as ct  # type: ignore[import-not-found,import-untyped,unused-ignore]

        report.fact("cuda.tile", str(getattr(ct, "__version__", "?")))
        has_ct = True
    except ImportError:
        report.fact("cuda.tile", "not installed")
        has_ct = False
    try:
        import cuda.core  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401

        report.fact("cuda.core", "installed")
    except ImportError:
        report.fact("cuda.core", "not installed")
    backend, reason, error = _backend()
    report.fact("backend", backend)
    if reason:
        report.fact("cutile unavailable", reason)
    report.fact("launch path", _accel.describe())
    if backend == "cutile":
        report.fact("direct launches", _direct_launches())
    if error is not None:
        report.backend_error = error
        chosen = os.environ.get("TILERT_BACKEND", "")
        valid = " or ".join(f"'{b}'" for b in BACKENDS)
        usable = "only 'interpret' works on this machine" if reason else "both work here"
        report.fixes.append(
            f"TILERT_BACKEND={chosen!r} can't be used here (see `backend` above), "
            "so every kernel launch raises: unset TILERT_BACKEND (tilert then picks "
            f"cutile when it is usable, else the interpreter) or set it to {valid} ({usable})"
        )
    if has_gpu and not has_ct:
        report.fixes.append(f"{extras.install_command('gpu')} (the versions tilert is tested with)")
    if has_ct and not tileiras:
        report.fixes.append(
            "tileiras is missing: pip install 'cuda-tile[tileiras]' and put its bin on PATH"
        )
    tv, kv = _major_minor(tileiras_version), _major_minor(toolkit)
    if tileiras and cuda_home and (kv is None or (tv is not None and kv < tv)):
        report.fixes.append(
            f"CUDA_HOME={cuda_home} points at an older toolkit ({toolkit or 'unknown'}) than "
            f"tileiras ({tileiras_version or '?'}): tileiras then loads the old libnvvm and fails "
            "with a bare 'failed to compile Tile IR program'. Unset CUDA_HOME (or point it at a "
            "toolkit at least as new as tileiras)."
        )
    if not has_gpu and error is None:
        explicit = bool(os.environ.get("TILERT_BACKEND", "").strip())  # (no GPU: the interpreter)
        report.fixes.append(
            "no GPU: kernels run on the CPU under the numpy interpreter (fine for development"
            + (")" if explicit else "; TILERT_BACKEND=interpret makes it explicit)")
        )
    elif not has_gpu:
        report.fixes.append(
            "no GPU: only the numpy interpreter can run kernels on this machine (fine for "
            "development)"
        )
    return report


def _backend() -> tuple[str, str | None, str | None]:
    """The backend's name (or the error), why cutile is unavailable, and the error."""
    from tilert import backends

    reason = backends.unavailable_reason("cutile")
    try:
        return backends.current().name, reason, None
    except RuntimeError as exc:
        return f"error: {exc}", reason, str(exc)


def main() -> int:
    report = diagnose()
    print(report.render())
    return report.status


def _direct_launches() -> str:
    """Whether the C path launches compiled kernels with the driver itself (docs/decisions.md,
    "Direct launches")."""
    from tilert.cutile import direct

    if not _accel.active():
        return "off (they are the C launch path's)"
    if not direct.enabled():
        return "off (TILERT_DIRECT_LAUNCH=0)"
    return "on (TILERT_DIRECT_LAUNCH=0 turns them off)"
