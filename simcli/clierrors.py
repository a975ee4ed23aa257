"""One line per error, and a documented exit status, for everything the CLI can meet.

* 2 — a user error: a bad option or argument (typer's own parse errors included), an
  unreadable or foreign input file, an output folder simcli must not write into;
* 1 — games raised, a check failed, or the environment failed (a full disk, a write
  refused, an unreachable scheduler); what finished is kept;
* 130 — interrupted by Ctrl-C, 143 — ended by SIGTERM (both keep the finished games).

Never a traceback: an unexpected exception is one line too (set ``SIMCLI_TRACEBACK=1``
to see the traceback of a simcli bug).
"""
from __future__ import annotations

import contextlib
import functools
import inspect
import os
import signal
import sys
import threading
from collections.abc import Callable

import typer
from typer.core import TyperGroup

try:  # typer >= 0.16 vendors click
    from typer._click import exceptions as _cx
except ImportError:  # pragma: no cover
    import click.exceptions as _cx

EXIT_USER = 2
EXIT_FAILED = 1
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled exactly like Ctrl-C (finished games kept, summary written)."""


#: signals received during the current command
RECEIVED: list[int] = []


def interrupt_status() -> int:
    return EXIT_TERMINATED if signal.SIGTERM in RECEIVED else EXIT_INTERRUPTED


def _on_sigterm(signum, frame):  # noqa: ARG001
    RECEIVED.append(signum)
    raise Terminated()


def _on_sigint(signum, frame):  # noqa: ARG001
    RECEIVED.append(signum)
    raise KeyboardInterrupt()


def by_signal(exc: BaseException) -> bool:
    """Whether ``exc`` is Ctrl-C or SIGTERM, or came of one. The handlers raise wherever the
    main thread happens to be; inside a callback that cannot raise (CPython then reports
    "Exception ignored in ...") the interrupt is lost and the interrupted code fails with
    an error of its own instead (a fresh CI run: polars' data type check, a TypeError, in
    the middle of writing a chunk). So once a signal has arrived during the command,
    whatever the command raises is that interrupt."""
    return isinstance(exc, KeyboardInterrupt) or bool(RECEIVED)


@contextlib.contextmanager
def ends_as_interrupted(what: Callable[[], str]):
    """Inside a command that keeps going on its own after ``guard`` would stop it (it
    writes what it kept, or nothing): Ctrl-C or SIGTERM, or an error one caused
    (``by_signal``), ends the command with one line, ``interrupted: <what()>`` (or
    ``terminated: ...``), and the interrupt's exit status; every other error passes on."""
    try:
        yield
    except BaseException as exc:
        if not by_signal(exc):
            raise
        status = interrupt_status()
        typer.echo(f"{'terminated' if status == EXIT_TERMINATED else 'interrupted'}: "
                   f"{what()}", err=True)
        raise typer.Exit(status) from None


def _quiet_unraisable(hook):
    """A ``sys.unraisablehook`` that drops the interrupt itself where it could not be
    raised (``by_signal``: the command ends as interrupted all the same), and passes every
    other unraisable exception to ``hook``."""

    def quiet(args):
        if RECEIVED and isinstance(args.exc_value, KeyboardInterrupt):
            return
        hook(args)
    return quiet


def _quiet_pool_shutdown(hook):
    """A ``threading.excepthook`` that, once Ctrl-C or SIGTERM has arrived, drops what
    loky's executor thread raises while the interrupted main thread tears the pool down
    (it races the shutdown: ``InvalidStateError`` on a future already cancelled,
    ``KeyError`` on a work item already gone; printed as tracebacks though nothing is
    lost, and the runner kills and reaps the workers itself). Before a signal, and from
    every other thread, exceptions go to ``hook``."""

    def quiet(args):
        thread = args.thread
        if RECEIVED and thread is not None and thread.name == "ExecutorManagerThread":
            return
        hook(args)
    return quiet


@contextlib.contextmanager
def sigterm_as_interrupt():
    """While a command runs, SIGTERM raises :class:`Terminated` in the main thread and
    Ctrl-C its usual ``KeyboardInterrupt``; both are recorded in :data:`RECEIVED`.
    Once one has arrived, the quiet ``threading.excepthook`` outlives the command."""
    RECEIVED.clear()
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGTERM, _on_sigterm)
    old_int = signal.getsignal(signal.SIGINT)
    if old_int is signal.default_int_handler:
        signal.signal(signal.SIGINT, _on_sigint)
    old_hook = threading.excepthook
    threading.excepthook = _quiet_pool_shutdown(old_hook)
    old_unraisable = sys.unraisablehook
    sys.unraisablehook = _quiet_unraisable(old_unraisable)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)
        if old_int is signal.default_int_handler:
            signal.signal(signal.SIGINT, old_int)
        if not RECEIVED:
            threading.excepthook = old_hook
            sys.unraisablehook = old_unraisable
        # else the quiet hook stays: loky's manager thread can still race the shutdown
        # after the command has returned, while its one line is printed and the process
        # ends (one fresh CI run printed that traceback); the next command clears
        # RECEIVED, so from then on the hook passes every exception on again


def say(message: str) -> None:
    """One line on stderr."""
    line = " ".join(str(message).split())
    typer.echo(line, err=True)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


#: (module, class) of the errors a user causes (exit 2), and of the machine's (exit 1)
USER_ERRORS = (("simcli.scenario", "ScenarioError"), ("simcli.games", "UnknownGameError"),
               ("strategies", "UnknownStrategyError"), ("simcli.report", "ReportError"))
ENVIRONMENT_FAILURES = (("simcli.runner", "EnvironmentFailure"),)


def _loaded(classes) -> tuple[type, ...]:
    """The classes of those whose module is loaded: an exception of one of them can only
    come from a loaded module, so a command need not import (polars, pyarrow...) the
    modules it does not use just to name their errors."""
    return tuple(getattr(sys.modules[module], name) for module, name in classes
                 if module in sys.modules)


def guard(fn):
    """Decorator for every command: user errors exit 2, environment failures exit 1,
    interrupts exit 130 / 143, all in one line."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        def interrupted():
            what = "terminated" if signal.SIGTERM in RECEIVED else "interrupted"
            if "resume" in inspect.signature(fn).parameters:
                say(f"{what} before the summary was written: the finished games are kept; "
                    "rerun the same command with --resume to finish")
            else:   # compare, check, balance, report...: no --resume to point at
                say(f"{what}: stopped before {fn.__name__.removesuffix('_cmd')} finished; "
                    "the files it had completed are kept, rerun it to start again")
            return typer.Exit(interrupt_status())

        try:
            with sigterm_as_interrupt():
                return fn(*args, **kwargs)
        except KeyboardInterrupt:
            raise interrupted() from None
        except Exception as exc:
            if isinstance(exc, typer.Exit | typer.Abort | _cx.UsageError):
                raise
            if by_signal(exc):
                raise interrupted() from None
            if isinstance(exc, _loaded(USER_ERRORS)):
                say(f"error: {exc}")
                raise typer.Exit(EXIT_USER) from None
            if isinstance(exc, _loaded(ENVIRONMENT_FAILURES)):
                say(f"error: {exc}")
                raise typer.Exit(EXIT_FAILED) from None
            if isinstance(exc, OSError):
                where = f" ({exc.filename})" if exc.filename else ""
                say(f"error: {exc.strerror or _first_line(exc)}{where}; what finished is kept")
                raise typer.Exit(EXIT_FAILED) from None
            if os.environ.get("SIMCLI_TRACEBACK"):
                raise
            say(f"internal error: {type(exc).__name__}: {_first_line(exc)} (a simcli bug; "
                "SIMCLI_TRACEBACK=1 shows the traceback)")
            raise typer.Exit(EXIT_FAILED) from None

    return wrapper


class OneLineGroup(TyperGroup):
    """typer's group, with click's usage errors as one line and exit status 2."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _cx.NoArgsIsHelpError as exc:
            typer.echo(exc.ctx.get_help() if exc.ctx else "simcli --help", err=False)
            sys.exit(EXIT_USER)
        except _cx.UsageError as exc:
            command = exc.ctx.command_path if exc.ctx else "simcli"
            say(f"error: {exc.format_message()} (see `{command} --help`)")
            sys.exit(EXIT_USER)
        except _cx.ClickException as exc:
            say(f"error: {exc.format_message()}")
            sys.exit(exc.exit_code)
        except typer.Abort:
            say("aborted")
            sys.exit(EXIT_INTERRUPTED)
        except KeyboardInterrupt:
            say("interrupted")
            sys.exit(interrupt_status())
        if rv == EXIT_INTERRUPTED:
            rv = interrupt_status()
        sys.exit(rv if isinstance(rv, int) else 0)
