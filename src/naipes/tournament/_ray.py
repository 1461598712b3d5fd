"""A :class:`concurrent.futures.Executor` that runs tasks on Ray (extra ``naipes[ray]``).

Ray has no executor of its own; this one submits each call as a remote task and
hands back the task's future. It imports :mod:`ray` only when it is made.
"""

from __future__ import annotations

import concurrent.futures as cf
import importlib
import os
import shutil
import tempfile
from typing import Any, Callable, TypeVar

from naipes.errors import UsageError

__all__ = ["RayExecutor"]

T = TypeVar("T")

#: Set for a local Ray started here: no token authentication (Ray >= 2.59 turns it
#: on for local clusters and writes a token under the home directory) and no usage
#: statistics.
LOCAL_ENVIRONMENT = {"RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}


def _ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise UsageError("Ray is not installed: pip install 'naipes-games[ray]'", code="missing_extra") from exc


def _call(fn: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
    return fn(*args, **kwargs)


class RayExecutor(cf.Executor):
    """Run calls as Ray tasks: ``submit(fn, *args)`` becomes ``ray.remote(fn).remote(*args)``.

    With ``address`` ``None`` (or ``"local"``) and no Ray running in this
    process, a private local Ray is started with ``num_cpus`` CPUs, no dashboard,
    no token authentication and its temporary files in a fresh directory, which
    :meth:`shutdown` stops and deletes. Otherwise it connects to ``address``
    (``"auto"``: the cluster running on this machine; ``"ray://host:10001"``, ...)
    and leaves that cluster running at :meth:`shutdown`; when Ray is already
    initialized in this process, it uses that.

    Args:
        address: where Ray runs (see above).
        num_cpus: CPUs of a local Ray (default: all of this machine's).

    Raises:
        UsageError: when Ray is not installed (``missing_extra``).

    .. versionadded:: 1.1
    """

    def __init__(self, address: str | None = None, *, num_cpus: int | None = None) -> None:
        ray = _ray()
        self._ray = ray
        self._owned = False
        self._temp_dir: str | None = None
        self._saved_env: dict[str, str | None] = {}
        self._remote: Any = None
        if not ray.is_initialized():
            if address in (None, "local"):
                self._start_local(num_cpus)
            else:
                ray.init(address=address, include_dashboard=False, log_to_driver=False)
                self._owned = True
        cpus = ray.cluster_resources().get("CPU", 1)
        self._max_workers = max(1, int(cpus))

    def _start_local(self, num_cpus: int | None) -> None:
        self._saved_env = {key: os.environ.get(key) for key in LOCAL_ENVIRONMENT}
        os.environ.update(LOCAL_ENVIRONMENT)
        self._temp_dir = tempfile.mkdtemp(prefix="naipes-ray-")
        try:
            self._ray.init(num_cpus=num_cpus or os.cpu_count() or 1, include_dashboard=False,
                           log_to_driver=False, _temp_dir=self._temp_dir)
        except BaseException:
            self._cleanup()
            raise
        self._owned = True

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> cf.Future[T]:
        """Run ``fn(*args, **kwargs)`` as a Ray task; its future."""
        if self._remote is None:
            self._remote = self._ray.remote(_call)
        future: cf.Future[T] = self._remote.remote(fn, args, kwargs).future()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the Ray this executor started (and delete its files); else leave Ray running."""
        if self._owned:
            self._ray.shutdown()
            self._owned = False
        self._cleanup()

    def _cleanup(self) -> None:
        for key, value in self._saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        self._saved_env = {}
        if self._temp_dir is not None:
            shutil.rmtree(self._temp_dir, ignore_errors=True)
            self._temp_dir = None
