#!/bin/bash
# An experiment, not a shipped build: compile tilert's launch-path modules with mypyc into
# build/mypyc312/ (a copy of tilert and tilecheck with the compiled modules beside them), for
# the `compiled` phase of gpu_session.sh, which times launches with it on the GPU machine.
# Needs a Python of the device's minor version with mypy, numpy, libcst and ml_dtypes:
#   PY=/path/to/python3.12 bash benchmarks/build_mypyc.sh
# Two changes mypyc needs, made to the copy only: `Kernel` and `DeviceFunction` stay Python
# classes (functools.update_wrapper sets their __module__), and the call-site lookup starts at
# the innermost Python frame (compiled functions have none).
set -euo pipefail
PY=${PY:-python3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST="$ROOT/build/mypyc312"
WORK=$(mktemp -d)
cp -r "$ROOT/tilert" "$ROOT/tilecheck" "$WORK/"
cd "$WORK"
"$PY" - <<'PY'
from pathlib import Path

kernel = Path("tilert/kernel.py")
text = kernel.read_text()
text = text.replace(
    "class DeviceFunction:",
    "from mypy_extensions import mypyc_attr\n@mypyc_attr(native_class=False)\nclass DeviceFunction:",
    1,
)
text = text.replace("\nclass Kernel:", "\n@mypyc_attr(native_class=False)\nclass Kernel:", 1)
kernel.write_text(text)
where = Path("tilert/_where.py")
where.write_text(where.read_text().replace("sys._getframe(1)", "sys._getframe(0)"))
PY
"$PY" -m mypyc tilert/_where.py tilert/ownership.py tilert/tensor.py tilert/kernel.py \
  tilert/ops.py tilert/streams.py tilert/cutile/backend.py > build.log 2>&1 || {
  tail -30 build.log
  exit 1
}
rm -rf "$DEST" && mkdir -p "$DEST"
cp -r tilert tilecheck ./*.so "$DEST/"
"$PY" -c "import mypy_extensions, shutil, sys; shutil.copy(mypy_extensions.__file__, sys.argv[1])" "$DEST"
rm -rf "$WORK"
find "$DEST" -name "*.so" -exec strip --strip-debug {} +  # it travels to the GPU machine
du -sh "$DEST"
