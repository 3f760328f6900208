"""Private parts of ``tilert.lang`` (the public surface is ``tilert/lang.py``)."""
