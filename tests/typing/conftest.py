"""``user_code.py`` is only type-checked (``mypy --strict`` in ``.ci/run``), never run by pytest."""

collect_ignore = ["user_code.py"]
