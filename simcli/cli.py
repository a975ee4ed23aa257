"""simcli command line (typer). Thin: parse options, call a function, print."""
from __future__ import annotations

import enum
import functools
import json
import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from simcli import __version__, cliparams
from simcli.clierrors import (
    EXIT_INTERRUPTED,
    EXIT_TERMINATED,
    OneLineGroup,
    ends_as_interrupted,
    guard,
)

cliparams.install()  # simcli's options without pydantic (see simcli.cliparams)

class LazyTyper(typer.Typer):
    """typer's app, building only the sub-command a command line names: typer turns every
    registered command's signature into click parameters when the app is called, about
    0.04 s for simcli's fifteen commands, while ``simcli run ...`` needs one. ``simcli``,
    ``simcli --help`` and a name that is no command still build them all (the listing,
    the suggestions)."""

    def __call__(self, *args, **kwargs):
        argv = kwargs.get("args", args[0] if args else None)
        argv = sys.argv[1:] if argv is None else list(argv)
        name = argv[0] if argv else None
        wanted = [c for c in self.registered_commands
                  if name == (c.name or typer.main.get_command_name(c.callback.__name__))]
        if len(wanted) != 1:
            return super().__call__(*args, **kwargs)
        everything, self.registered_commands = self.registered_commands, wanted
        try:
            return super().__call__(*args, **kwargs)
        finally:
            self.registered_commands = everything


app = LazyTyper(
    name="simcli",
    help="Monte Carlo balance analysis for tabletop games: play thousands of seeded games "
    "between bot strategies and report which seat or strategy wins too often.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=OneLineGroup,
    # plain help: rich markup would eat literal [brackets] ("a scenario's [rules] table")
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def console(stderr: bool = False):
    """rich's Console for tables, findings and progress bars, made when first needed:
    importing rich costs a small run about 0.05 s, and a --quiet run prints only lines.
    One per ``COLUMNS``: a Console fixes the width it read from it when made (a process
    running several commands, as the tests do, printed later tables at the first's
    width)."""
    return _console(stderr, os.environ.get("COLUMNS"))


@functools.cache
def _console(stderr: bool, columns: str | None):  # noqa: ARG001 - the cache's key
    from rich.console import Console

    return Console(stderr=True, soft_wrap=True) if stderr else Console()


def note(line: str) -> None:
    """One plain line on stderr (a path or a count: no rich markup to interpret)."""
    typer.echo(line, err=True)


def _table(title: str):
    from rich.table import Table

    return Table(title=title)


class Backend(enum.StrEnum):
    loky = "loky"
    dask = "dask"


def user_errors(fn):
    """Every error a user can cause: one line on stderr, exit status 2 (environment
    failures 1, interrupts 130/143; see simcli.clierrors)."""
    return guard(fn)


# shared options
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", metavar="N",
                                                help="Number of players "
                       "(default: the game's most common count; class89 takes 1 for solo).")]
GamesOpt = Annotated[int | None, typer.Option("--games", "-n", metavar="N", help="Games to play "
                     "(default 1000, or the scenario's `games`).")]
SeedOpt = Annotated[int | None, typer.Option("--seed", "-s", metavar="N",
                                             help="Root seed: game i's seed "
                    "depends only on (seed, i). Default 1.")]
StrategyOpt = Annotated[list[str] | None, typer.Option(
    "--strategy", metavar="NAME[:KEY=VALUE,...]",
    help="Strategy per seat, repeatable: NAME or NAME:key=value,... (fewer than "
    "the seats rotate so each sits in each seat equally often). Default: the game's "
    "heuristic mix.")]
SetOpt = Annotated[list[str] | None, typer.Option(
    "--set", metavar="KEY=VALUE",
    help="Override a rules parameter: KEY=VALUE (TOML value), repeatable; the keys "
    "of a scenario's [rules] table.")]
DataOpt = Annotated[str | None, typer.Option("--data", metavar="FILE",
                                             help="A designer's data TOML that "
                    "replaces the game's shipped data.toml (same format).")]
ScenarioOpt = Annotated[str | None, typer.Option("--scenario", metavar="FILE", help="Scenario TOML "
                        "(game, players, games, seed, strategies, data, [rules]).")]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", metavar="N",
                                      help="Worker processes; -1 = all "
                    "cores. Results do not depend on it.")]
BackendOpt = Annotated[Backend, typer.Option("--backend", metavar="[loky|dask]",
                                             help="loky (local processes) or "
                       "dask (a dask.distributed cluster; needs the [distributed] extra).")]
SchedulerOpt = Annotated[str | None, typer.Option("--scheduler", metavar="ADDRESS",
                                                  help="dask scheduler "
                         "address, e.g. tcp://10.0.0.5:8786 (with --backend dask; default: "
                         "a local cluster).")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar or tables.")]
UntilOpt = Annotated[float | None, typer.Option("--until-ci", metavar="WIDTH",
                                                help="Keep adding games until "
                     "every seat's 95% interval half-width is below this (e.g. 0.01).")]
ForceOpt = Annotated[bool, typer.Option("--force", help="Replace the results of a "
                     "different run already in the output folder.")]
NoPlotsOpt = Annotated[bool, typer.Option("--no-plots", help="Skip the plots (about half "
                       "the cost of a small run); `simcli report DIR` draws them later.")]
WideOpt = Annotated[bool, typer.Option("--wide", help="Print every column, every variant "
                    "and full variant names (the default fits 80 columns).")]
MaxGamesOpt = Annotated[int | None, typer.Option("--max-games", metavar="N",
                                                 help="With --until-ci: most "
                        "games per variant (default 100x --games).")]
ConfirmOpt = Annotated[int | None, typer.Option("--confirm", metavar="N", help="Replay N of "
                       "the same seeds with search in every seat and report whether the seat "
                       "verdict holds (a paired change with an interval; confirm.json).")]
ConfirmSearchOpt = Annotated[str, typer.Option("--confirm-search", metavar="K=V,...",
                             help="Extra search parameters for --confirm, k=v,... "
                             "(e.g. rollouts=8).")]


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"simcli {__version__}")
        raise typer.Exit(0)


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", is_eager=True, callback=_print_version,
                                          help="Print the version and exit.")] = False,
) -> None:
    """simcli: is my game fair, and what changes make it fairer?"""


@app.command()
@user_errors
def run(
    game: Annotated[str | None, typer.Argument(metavar="GAME",
                                               help="vghs, vgc, class89 or lovebattle "
                                               "(optional with --scenario).")] = None,
    players: PlayersOpt = None,
    games: GamesOpt = None,
    seed: SeedOpt = None,
    strategy: StrategyOpt = None,
    jobs: JobsOpt = -1,
    backend: BackendOpt = Backend.loky,
    scheduler: SchedulerOpt = None,
    scenario: ScenarioOpt = None,
    out_dir: Annotated[str | None, typer.Option("--out", "-o", metavar="DIR",
                                                help="Output folder (default "
                       "reports/<game>-<players>p-<seed>/).")] = None,
    set_: SetOpt = None,
    data: DataOpt = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue an interrupted run in "
                      "the same folder instead of starting afresh.")] = False,
    until_ci: UntilOpt = None,
    max_games: MaxGamesOpt = None,
    confirm: ConfirmOpt = None,
    confirm_search: ConfirmSearchOpt = "",
    quiet: QuietOpt = False,
    wide: WideOpt = False,
    force: ForceOpt = False,
    no_plots: NoPlotsOpt = False,
) -> None:
    """Play many seeded games and write results.parquet, summary.json/md and plots/."""
    from simcli import validate
    from simcli.execute import (
        argv_command,
        check_overwrite,
        plan_run,
        print_main_table,
        refuse_sections,
    )
    from simcli.scenario import parse_set

    validate.numbers(seed_=seed, games_=games, max_games=max_games, until_ci=until_ci)
    _check_backend(backend, scheduler)
    refuse_sections(scenario)
    plan = plan_run(game, scenario=scenario, players=players, games=games, seed=seed,
                    strategies=strategy, overrides=parse_set(set_), data_file=data,
                    out=out_dir, command=argv_command())
    check_overwrite(plan, force=force, resume=resume)
    outcome = _execute(plan, until_ci, max_games, jobs=jobs, backend=backend.value,
                       scheduler=scheduler, quiet=quiet, resume=resume, plots=not no_plots)
    _confirm(plan, outcome, confirm, confirm_search, False, jobs, backend, scheduler, quiet)
    _finish(outcome, quiet, functools.partial(print_main_table, wide=wide))


def _confirm(plan, outcome, n, search, sweep, jobs, backend, scheduler, quiet) -> None:
    if n is None or outcome.summary is None or outcome.interrupted:
        return
    from simcli.confirm import confirm

    result = confirm(plan.folder, plan.configs, n, sweep=sweep, jobs=jobs,
                     backend=backend.value, scheduler=scheduler, search=search)
    if not quiet:
        for line in result["findings"]:
            console().print(f"- {line}", highlight=False)
    note(f"wrote {plan.folder / 'confirm.json'}")


def _execute(plan, until_ci, max_games, **kwargs):
    from simcli.execute import execute, execute_until
    from simcli.scenario import ScenarioError

    if until_ci is not None:
        plan.meta["command"] += f" --until-ci {until_ci}" + (
            f" --max-games {max_games}" if max_games else "")
        return execute_until(plan, until_ci, max_games, **kwargs)
    if max_games is not None:
        raise ScenarioError("--max-games goes with --until-ci")
    return execute(plan, **kwargs)


@app.command()
@user_errors
def sweep(
    scenario: Annotated[str, typer.Argument(metavar="SCENARIO",
                                            help="Sweep scenario TOML: game, players, "
                                            "strategies, games, seed and [[variant]] or "
                                            "[grid].")],
    games: GamesOpt = None,
    seed: SeedOpt = None,
    players: Annotated[list[int] | None, typer.Option("--players", "-p", metavar="N", help="Player "
                       "count(s), repeatable (default: the scenario's).")] = None,
    strategy: StrategyOpt = None,
    jobs: JobsOpt = -1,
    backend: BackendOpt = Backend.loky,
    scheduler: SchedulerOpt = None,
    out_dir: Annotated[str | None, typer.Option("--out", "-o", metavar="DIR",
                                                help="Output folder (default "
                       "reports/sweep-<scenario>-<seed>/).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue an interrupted sweep: "
                      "finished variants and chunks are not played again.")] = False,
    until_ci: UntilOpt = None,
    max_games: MaxGamesOpt = None,
    confirm: ConfirmOpt = None,
    confirm_search: ConfirmSearchOpt = "",
    quiet: QuietOpt = False,
    wide: WideOpt = False,
    force: ForceOpt = False,
    no_plots: NoPlotsOpt = False,
) -> None:
    """Run every rules variant of a scenario on the same game seeds and rank them."""
    from simcli import validate
    from simcli.execute import check_overwrite, print_main_table
    from simcli.sweep import plan_sweep

    validate.numbers(seed_=seed, games_=games, max_games=max_games, until_ci=until_ci)
    _check_backend(backend, scheduler)
    plan = plan_sweep(scenario, games=games, seed=seed, players=players, strategies=strategy,
                      out=out_dir)
    check_overwrite(plan, force=force, resume=resume)
    outcome = _execute(plan, until_ci, max_games, jobs=jobs, backend=backend.value,
                       scheduler=scheduler, quiet=quiet, resume=resume, plots=not no_plots)
    if outcome.summary and not quiet:
        from simcli.terminal import print_sweep

        print_sweep(outcome.summary, console(), wide=wide)
    _confirm(plan, outcome, confirm, confirm_search, True, jobs, backend, scheduler, quiet)
    _finish(outcome, quiet, functools.partial(print_main_table, wide=wide, findings=False))


@app.command("compare")
@user_errors
def compare_cmd(
    base: Annotated[str, typer.Argument(metavar="BASE",
                                        help="Baseline results folder or summary.json.")],
    new: Annotated[str, typer.Argument(metavar="NEW", help="New results folder or summary.json.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the comparison as JSON "
                        "(header, pairing, every test, verdict) for CI and notebooks.")
                        ] = False,
    tolerance: Annotated[float, typer.Option("--tolerance", metavar="SHARE", help="Win-share "
                         "move the verdict treats as negligible.")] = 0.02,
) -> None:
    """Compare two runs of one game: per-game tests, paired on shared seeds, Holm-corrected."""
    from simcli.compare import compare, comparison_json, comparison_markdown, load_side

    a, b = load_side(base), load_side(new)
    comp = compare(a, b, tolerance)
    if json_out:
        typer.echo(json.dumps(comparison_json(a, b, comp), indent=2, default=str))
    else:
        typer.echo(comparison_markdown(a, b, comp))


@app.command()
@user_errors
def check(
    scenario: Annotated[str, typer.Argument(metavar="SCENARIO",
                                            help="Scenario TOML to run (with [check] bounds "
                                            "when no --baseline is given).")],
    baseline: Annotated[str | None, typer.Option("--baseline", metavar="SUMMARY",
                                                 help="Baseline summary.json "
                        "(or results folder) to compare against.")] = None,
    tolerance: Annotated[float, typer.Option("--tolerance", metavar="SHARE", help="Effect size "
                         "of the sequential test: a seat or strategy win share moved by this much "
                         "fails with probability 1-beta; for [check] bounds, a share this far "
                         "inside passes and this far outside fails.")] = 0.02,
    games: GamesOpt = None,
    max_games: Annotated[int | None, typer.Option("--max-games", metavar="N", help="Most games "
                         "before stopping UNDECIDED (exit 3). Default: the scenario's games "
                         "capped at the baseline's; with [check] bounds 20x the scenario's games."
                         )] = None,
    alpha: Annotated[float, typer.Option("--alpha", help="False-fail rate of the whole check "
                     "(familywise, Holm).")] = 0.05,
    beta: Annotated[float, typer.Option("--beta", help="Miss rate of each test at the "
                    "tolerance.")] = 0.05,
    look: Annotated[int | None, typer.Option("--look", help="Games between looks of the "
                    "sequential test (default 200).")] = None,
    jobs: JobsOpt = -1,
    backend: BackendOpt = Backend.loky,
    scheduler: SchedulerOpt = None,
    out_dir: Annotated[str | None, typer.Option("--out", "-o", metavar="DIR",
                                                help="Output folder (default "
                       "reports/check-<scenario>/).")] = None,
    quiet: QuietOpt = False,
) -> None:
    """Balance regression check (sequential test): exit 0 PASS, 1 FAIL, 3 UNDECIDED."""
    from simcli import validate
    from simcli.gate import run_check

    validate.numbers(games_=games, max_games=max_games, tolerance_=tolerance)
    _check_backend(backend, scheduler)
    result = run_check(scenario, baseline=baseline, tolerance=tolerance, max_games=max_games,
                       games=games, out=out_dir, alpha=alpha, beta=beta, look=look, jobs=jobs,
                       backend=backend.value, scheduler=scheduler, quiet=quiet)
    typer.echo(result.text)
    raise typer.Exit(130 if result.interrupted else result.exit_code)


@app.command()
@user_errors
def balance(
    scenario: Annotated[str, typer.Argument(help="Balance scenario TOML: a run scenario with "
                                            "a [balance] table naming the seat-dependent "
                                            "parameters to search and the budget.")],
    jobs: JobsOpt = -1,
    backend: BackendOpt = Backend.loky,
    scheduler: SchedulerOpt = None,
    out_dir: Annotated[str | None, typer.Option("--out", "-o", help="Output folder, new or "
                       "simcli's own (default reports/balance-<scenario>-<seed>/).")] = None,
    quiet: QuietOpt = False,
) -> None:
    """Search seat-dependent rules (successive halving on common seeds) for the fairest table."""
    from simcli.balance import headline, run_balance

    _check_backend(backend, scheduler)
    result = run_balance(scenario, out=out_dir, jobs=jobs, backend=backend.value,
                         scheduler=scheduler, quiet=quiet)
    if not quiet:
        for line in headline(result):
            console().print(line, highlight=False)
    note(f"{result['games_played']} games in {result['seconds']:.1f} s -> "
         f"{result['folder']} (balance.md, balance.json, {result['plot']})")
    if result["interrupted"]:
        raise typer.Exit(130)


def _check_backend(backend: Backend, scheduler: str | None) -> None:
    from simcli.scenario import ScenarioError

    if scheduler and backend is not Backend.dask:
        raise ScenarioError("--scheduler goes with --backend dask")
    if backend is Backend.dask:
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise ScenarioError("--backend dask needs the [distributed] extra: "
                                "pip install -e '.[distributed]'") from None


def _finish(outcome, quiet: bool, print_table) -> None:
    if outcome.summary and not quiet:
        print_table(outcome.summary, console())
    rate = outcome.games / outcome.seconds if outcome.seconds else 0.0
    note(f"{outcome.games} games in {outcome.seconds:.1f} s ({rate:,.0f} games/s) -> "
         f"{outcome.folder}")
    if outcome.interrupted:
        from simcli.clierrors import interrupt_status

        status = interrupt_status()
        note(f"{'terminated' if status == 143 else 'interrupted'}: kept the games "
             f"finished so far in {outcome.folder}; rerun with --resume to continue")
        raise typer.Exit(status)
    if outcome.summary is None:
        note(f"no game finished: nothing to summarise in {outcome.folder}")
        raise typer.Exit(1)
    if outcome.errors:
        note(f"{outcome.errors} game(s) raised; seeds, tracebacks and replay commands in "
             f"{outcome.folder / 'errors.jsonl'}")
        raise typer.Exit(1)


@app.command()
@user_errors
def replay(
    game: Annotated[str | None, typer.Argument(metavar="GAME",
                                               help="vghs, vgc, class89 or lovebattle "
                                               "(optional with --from).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", metavar="N", help="The game seed (the "
                    "`seed` column of results.parquet, or from errors.jsonl).")] = None,
    players: PlayersOpt = None,
    strategy: StrategyOpt = None,
    set_: SetOpt = None,
    data: DataOpt = None,
    scenario: ScenarioOpt = None,
    from_dir: Annotated[str | None, typer.Option("--from", metavar="DIR",
                                                 help="A results folder: replay "
                        "its game --index (with the run's strategies, rules and data).")
                        ] = None,
    index: Annotated[int | None, typer.Option("--index", metavar="N",
                                              help="With --from: the game_index "
                     "to replay.")] = None,
    variant: Annotated[str | None, typer.Option("--variant", metavar="NAME",
                                                help="With --from on a sweep "
                       "folder: the variant (default: the first).")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the decision history and "
                        "result as JSON instead of the log.")] = False,
) -> None:
    """Replay one game turn by turn: exactly the game a run played with that game seed.

    Either GAME --seed S with the strategies in seat order (as the run's rows for that
    game show them), or --from DIR --index I to replay game I of a results folder.
    """
    from simcli import validate
    from simcli.execute import plan_run
    from simcli.runner import replay as replay_game
    from simcli.scenario import ScenarioError, parse_set

    validate.numbers(seed_=seed, index=index)
    if from_dir is not None:
        if index is None:
            raise ScenarioError("--from needs --index (the game_index to replay)")
        given = [name for name, value in (("--seed", seed), ("--strategy", strategy),
                                          ("--set", set_), ("--data", data),
                                          ("--scenario", scenario)) if value]
        if given:
            raise ScenarioError(f"--from takes the run's settings from the folder; drop "
                                f"{given[0]}")
        plan, cfg_index = _plan_from_folder(from_dir, index, variant, players)
        if game is not None and game != plan.game:
            raise ScenarioError(f"{from_dir} holds {plan.game} games, not {game}")
        cfg = plan.configs[0]
        record = replay_game(cfg, index=cfg_index)
        seed = record.seed
        specs = cfg.seat_strategies(cfg_index)
        game = cfg.game
    else:
        if game is None or seed is None:
            raise ScenarioError("replay needs GAME and --seed, or --from DIR --index I")
        plan = plan_run(game, scenario=scenario, players=players, games=1, seed=0,
                        strategies=strategy, overrides=parse_set(set_), data_file=data)
        cfg = plan.configs[0]
        record = replay_game(cfg, seed=seed)
        specs = cfg.seat_strategies(0)
    res = record.result
    if json_out:
        typer.echo(json.dumps({"seed": seed, "history": record.history,
                               "scores": list(res.scores), "places": list(res.places),
                               "win_shares": list(res.win_shares), "turns": res.turns,
                               "end_reason": res.end_reason, "metrics": res.metrics}))
        return
    typer.echo(f"{game} seed {seed}, {cfg.n_players} players: "
               + ", ".join(f"seat {i + 1} {s}" for i, s in enumerate(specs)))
    for line in record.log or []:
        typer.echo(line)
    labels = [*specs, *res.automata]
    typer.echo(f"game over after {res.turns} turns ({res.end_reason}), "
               f"{record.decisions} decisions")
    for i, label in enumerate(labels):
        typer.echo(f"  seat {i + 1} ({label}): score {res.scores[i]:g}, place "
                   f"{res.places[i]}, win share {res.win_shares[i]:g}")


def _plan_from_folder(folder: str, index: int, variant: str | None, players: int | None):
    """The plan of one game of an existing results folder (from its run.json)."""
    from simcli import report
    from simcli.execute import plan_run
    from simcli.scenario import ScenarioError

    meta = report.read_run_file(Path(folder))
    variants = meta.get("variants") or [{"name": "default", "rules": {}}]
    names = [v["name"] for v in variants]
    chosen = variants[0] if variant is None else next(
        (v for v in variants if v["name"] == variant), None)
    if chosen is None:
        raise ScenarioError(f"no variant {variant!r} in {folder}; variants: {', '.join(names)}")
    counts = meta.get("players") or []
    if players is None:
        if len(counts) != 1:
            raise ScenarioError(f"{folder} has player counts {counts}: pass --players")
        players = counts[0]
    elif players not in counts:
        raise ScenarioError(f"{folder} has no {players}-player games; player counts: {counts}")
    if not 0 <= index < int(meta.get("games", 0)):
        raise ScenarioError(f"--index {index} is outside 0..{int(meta.get('games', 0)) - 1}")
    overrides = {**meta.get("overrides", {}), **chosen.get("rules", {})}
    try:
        plan = plan_run(meta["game"], players=players, games=index + 1, seed=meta["seed"],
                        strategies=meta.get("strategies"), overrides=overrides,
                        data_file=meta.get("data_file"))
    except ScenarioError as exc:
        raise ScenarioError(f"{Path(folder) / report.RUN_FILE}: {exc}") from None
    return plan, index


@app.command()
@user_errors
def games() -> None:
    """List the games, their player counts and rules versions."""
    from simcli.games import UnknownGameError, game_names, get_game

    table = _table("games")
    for col in ("name", "title", "players", "default", "rules version", "description"):
        table.add_column(col)
    for name in game_names():
        try:
            g = get_game(name)
        except (ImportError, UnknownGameError):
            table.add_row(name, "(not installed)", "", "", "", "")
            continue
        counts = f"{min(g.players)}-{max(g.players)}"
        table.add_row(name, g.title, counts, str(g.default_players), g.RULES_VERSION,
                      getattr(g, "description", ""))
    console().print(table)


@app.command("strategies")
@user_errors
def strategies_cmd(
    game: Annotated[str, typer.Argument(metavar="GAME", help="vghs, vgc, class89 or lovebattle.")],
) -> None:
    """List a game's strategies, their tunable parameters and the default mix."""
    from simcli.datatools import strategy_params_text
    from simcli.games import get_game
    from strategies import default_mix, list_strategies

    get_game(game)
    mix = default_mix(game)
    table = _table(f"{game} strategies (default mix: {', '.join(mix)})")
    for col in ("name", "description", "parameters (defaults)"):
        table.add_column(col)
    for name, cls in list_strategies(game).items():
        params = strategy_params_text(cls, game)
        table.add_row(name, cls.description, params)
    console().print(table)


@app.command("data")
@user_errors
def data_cmd(
    game: Annotated[str, typer.Argument(help="vghs, vgc, class89 or lovebattle.")],
    out_file: Annotated[str | None, typer.Option("--out", "-o", help="File to write (default: "
                        "print to stdout).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")
                     ] = False,
) -> None:
    """Write the game's shipped data.toml as a starting point, provisional values marked."""
    from simcli.datatools import export_data

    text = export_data(game, out_file, force)
    if out_file is None:
        typer.echo(text, nl=False)
    else:
        note(f"wrote {out_file}: edit it, then `simcli run {game} --data {out_file}`")


@app.command("rules")
@user_errors
def rules_cmd(
    game: Annotated[str, typer.Argument(help="vghs, vgc, class89 or lovebattle.")],
) -> None:
    """List every rules parameter (--set key): type, default, allowed range, meaning."""
    from simcli.datatools import rules_rows

    table = _table(f"{game} rules parameters (--set KEY=VALUE, or a scenario's "
                  "\\[rules])")
    for col in ("key", "type", "default", "allowed", "provisional", "meaning"):
        table.add_column(col, overflow="fold")
    for row in rules_rows(game):
        table.add_row(*row.values())
    console().print(table)
@app.command("new-game")
@user_errors
def new_game(
    name: Annotated[str, typer.Argument(help="Package name of the new game (lowercase, "
                                        "e.g. mygame); written in the current folder.")],
) -> None:
    """Write a small runnable game package (rules, data.toml, a strategy, NOTES.md, tests)."""
    from simcli.newgame import write_new_game

    files = write_new_game(name)
    for path in files:
        typer.echo(f"wrote {path}")
    typer.echo(f"next: simcli run {name} --games 200   (from this folder); "
               f"python -m pytest {name}")


@app.command("report")
@user_errors
def report_cmd(
    folder: Annotated[Path, typer.Argument(metavar="FOLDER",
                                           help="A results folder (holds results.parquet "
                                           "and run.json).")],
    quiet: QuietOpt = False,
    wide: WideOpt = False,
) -> None:
    """Rebuild summary.json, summary.md and plots/ from an existing results.parquet."""
    from simcli import report
    from simcli.execute import print_main_table

    summary = report.build(folder)
    if not quiet:
        if len(summary.get("variants") or []) > 1:
            from simcli.terminal import print_sweep

            print_sweep(summary, console(), wide=wide)
        print_main_table(summary, console(), wide=wide,
                         findings=len(summary.get("variants") or []) <= 1)
    note(f"wrote {folder / 'summary.json'}, {folder / 'summary.md'}, "
         f"{len(summary['plots'])} plots")


@app.command()
@user_errors
def bench(
    game: Annotated[list[str] | None, typer.Option("--game", "-g", metavar="GAME",
                                                   help="Game(s) to "
                    "benchmark (default: every game).")] = None,
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", metavar="N",
                                       help="Games per measurement.")] = 2000,
    memory_games: Annotated[int, typer.Option("--memory-games", metavar="N", help="Games of the "
                            "peak-memory run (0 skips it).")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", metavar="N", help="Jobs of the parallel "
                    "measurement.")] = 2,
    repeat: Annotated[int, typer.Option("--repeat", help="Runs per speed, alternating "
                      "pure and compiled builds; the median is shown.")] = 3,
    search_games: Annotated[int, typer.Option("--search-games", metavar="N", help="Games "
                            "with a search seat for its cost (0 skips it).")] = 10,
) -> None:
    """Games/s per core of the pure and the compiled build, start-up, clone and search
    cost, the --jobs speedup, peak memory and the interpreter."""
    from simcli.bench import run_bench
    from simcli.runner import check_jobs
    from simcli.scenario import ScenarioError

    if search_games < 0:
        raise ScenarioError(f"--search-games must be 0 or more, not {search_games}")
    if games < 1:
        raise ScenarioError(f"--games must be 1 or more, not {games}")
    if memory_games < 0:
        raise ScenarioError(f"--memory-games must be 0 or more, not {memory_games}")
    if repeat < 1:
        raise ScenarioError(f"--repeat must be 1 or more, not {repeat}")
    check_jobs(jobs)
    with ends_as_interrupted(lambda: "bench stopped and ended its worker processes (it "
                             "writes no files: nothing to keep)"):
        run_bench(game or [], players, games, memory_games, jobs, console(),
                  repeat=repeat, search_games=search_games)


@app.command()
@user_errors
def ladder(
    game: Annotated[str, typer.Argument(metavar="GAME", help="vghs, vgc, class89 or "
                                        "lovebattle (or a designer's game implementing "
                                        "determinize).")],
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", metavar="N", help="Games per "
                     "strategy (each is played by every strategy in the ladder; a game "
                     "with search costs about 0.7-1.5 s of CPU, a heuristic game 0.2-0.8 "
                     "s: the default bots look ahead).")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", metavar="N", help="Root seed.")] = 1,
    search: Annotated[str, typer.Option("--search", metavar="K=V,...", help="Extra search "
                      "parameters, k=v,... (e.g. rollouts=32,recheck=16; in vgc "
                      "horizon=0 plays every rollout to the end: measured stronger, "
                      "about 2.8x dearer).")] = "",
    only: Annotated[str, typer.Option("--only", metavar="NAME,...", help="Ladder only these "
                    "strategies, and search on those of them in the default mix (e.g. "
                    "--only arcade): the same games and rows as a full ladder's on the "
                    "same seed, at a fraction of its cost.")] = "",
    jobs: JobsOpt = -1,
    backend: BackendOpt = Backend.loky,
    scheduler: SchedulerOpt = None,
    out_dir: Annotated[str | None, typer.Option("--out", "-o", metavar="DIR", help="Output "
                       "folder (default reports/ladder-<game>-<players>p-<seed>/).")] = None,
    against: Annotated[str | None, typer.Option("--against", metavar="DIR", help="An "
                       "earlier ladder's folder (same game, players and seed): each "
                       "strategy's paired change in win share since then, on the same "
                       "games.")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue an interrupted ladder "
                      "in the same --out with the same arguments: the chunks already saved "
                      "are not played again.")] = False,
    quiet: QuietOpt = False,
) -> None:
    """Every strategy in one seat against the default mix, and search's paired gain."""
    from simcli import ladder as lad
    from simcli.execute import argv_command

    _check_backend(backend, scheduler)
    cfg = lad.plan_ladder(game, players, games, seed, search, only=lad.parse_only(only))
    folder = Path(out_dir) if out_dir else Path("reports") / \
        f"ladder-{cfg.game.replace(':', '_')}-{cfg.n_players}p-{seed}"
    if against and Path(against).resolve() == folder.resolve():
        # a new ladder clears its --out as it starts: the earlier ladder would be gone
        # before this one is finished
        raise lad.LadderError(f"--against {against} is the --out folder: the new ladder "
                              "would replace the one it is compared with; give another --out")
    plan = lad.plan_record(cfg, search)
    state, saved = lad.check_folder(folder, plan, resume=resume)
    other = lad.load_against(Path(against), cfg) if against else None
    if state == "finished":
        note(f"nothing to resume: {folder} holds this ladder, finished")
        return
    meta = {"game": cfg.game, "players": cfg.n_players, "games": games, "seed": seed,
            "search": search, "only": list(cfg.only), "command": argv_command(), "plan": plan,
            "finished": False}
    if state == "fresh":
        lad.start(folder, meta)
    else:   # the command that started the ladder, not this --resume
        meta = {**meta, **{k: v for k, v in saved.items() if k in meta}}
    with ends_as_interrupted(lambda: f"kept the {lad.saved_games(folder, cfg)} of {games} "
                             f"ladder games finished so far in {folder}; rerun with "
                             "--resume to continue"):
        if quiet:
            rows = lad.play_ladder(cfg, jobs=jobs, backend=backend.value,
                                   scheduler=scheduler, folder=folder)
        else:
            from rich.progress import Progress

            with Progress(console=console(stderr=True), transient=True) as bar:
                task = bar.add_task(f"ladder {cfg.game} ({len(cfg.subjects)} strategies)",
                                    total=games, completed=lad.saved_games(folder, cfg))
                rows = lad.play_ladder(cfg, jobs=jobs, backend=backend.value,
                                       scheduler=scheduler, folder=folder,
                                       progress=lambda k: bar.advance(task, k))
        result = lad.analyse(cfg, rows)
        if other is not None:
            result["against"] = lad.against(cfg, rows, other)
        lad.write(folder, result, {**meta, "finished": True}, rows)
        lad.remove_parts(folder, cfg)
    if not quiet:
        for line in result["findings"] + (result["against"]["findings"] if other else []):
            console().print(f"- {line}", highlight=False)
    note(f"wrote {folder / 'ladder.md'}, {folder / 'ladder.json'}, "
         f"{folder / 'ladder.parquet'}, {folder / 'plots' / 'ladder.png'}")


@app.command("ladder-pool")
@user_errors
def ladder_pool(
    folders: Annotated[list[Path], typer.Argument(metavar="DIR...", help="Two or more "
                       "finished ladders of one game, player count, --search and code, "
                       "on different seeds.")],
    out_dir: Annotated[Path, typer.Option("--out", "-o", metavar="DIR", help="Folder for "
                       "the pooled ladder.json, ladder.md, ladder.parquet and plot.")],
    quiet: QuietOpt = False,
) -> None:
    """Pool ladders played on different seeds into one verdict over all their games."""
    from simcli import ladder as lad

    lad.check_pool_out(out_dir, folders)
    cfg, rows, result = lad.pool(folders)
    meta = {"game": cfg.game, "players": cfg.n_players, "games": cfg.n_games,
            "seed": result["seed"], "search": result["search"], "pooled": result["pooled"],
            "finished": True}
    lad.start(out_dir, meta)
    lad.write(out_dir, result, meta, rows)
    if not quiet:
        for line in result["findings"]:
            console().print(f"- {line}", highlight=False)
    note(f"wrote {out_dir / 'ladder.md'}, {out_dir / 'ladder.json'}, "
         f"{out_dir / 'ladder.parquet'}, {out_dir / 'plots' / 'ladder.png'}")


def _status(code) -> int:
    """The exit status ``sys.exit(code)`` gives (None 0, an int itself, else 1, the
    message on stderr)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


#: the statuses of a run stopped by Ctrl-C or SIGTERM (``clierrors``)
_INTERRUPTED = (EXIT_INTERRUPTED, EXIT_TERMINATED)


def _close_idle_pool() -> None:
    """Close the loky pool a finished command leaves idle (its workers end and are
    joined here) and forget it, so that a command whose only other threads were the
    pool's takes the quick exit too (the usual one tore a 1000-game run's interpreter
    down for 0.13 s more). A dask client, or any other thread, still exits the usual
    way."""
    runner = sys.modules.get("simcli.runner")
    if runner is not None and "distributed" not in sys.modules:
        runner.close_pool()


def entry() -> None:
    """The ``simcli`` command: :data:`app`, then a quick exit.

    Tearing down the interpreter (every module, polars' runtime) costs a small run about
    0.1-0.15 s of CPU after its work is done. A finished command first closes the loky
    pool it leaves idle (:func:`_close_idle_pool`). When then no other thread and no dask
    client is alive, the command runs the ``atexit`` handlers, flushes its output and ends
    with ``os._exit`` and the same status; otherwise (or with ``SIMCLI_SLOW_EXIT=1``) it
    exits as usual. Every output file is already complete (written and renamed by
    :mod:`simcli.fsio`) when :data:`app` returns.

    A local run stopped by Ctrl-C or SIGTERM (status 130 or 143) also ends quickly, pool or
    not: its workers are already killed and reaped (``runner._end_workers``), and the
    usual exit would join loky's manager thread, which can wait for ever on the half
    message of a worker killed while it sent a result (seen about one SIGTERM in 30 on a
    loaded machine: the summary written, the process never ending). A dask run exits as
    usual (its cluster's shutdown ends the cluster's processes)."""
    import os
    import threading

    # loky's resource tracker (a process of its own, started with this interpreter's
    # warning options) unlinks what a killed worker left registered and warns about it on
    # our stderr after a stopped run's one line; the cleanup still happens
    sys.warnoptions.append("ignore:resource_tracker:UserWarning")
    try:
        app()
        code = 0
    except SystemExit as exc:
        code = exc.code
    stopped = code in _INTERRUPTED and "distributed" not in sys.modules
    if not stopped and not os.environ.get("SIMCLI_SLOW_EXIT"):
        _close_idle_pool()
    if (os.environ.get("SIMCLI_SLOW_EXIT")
            or (not stopped and (threading.active_count() > 1
                                 or "distributed" in sys.modules))):
        sys.exit(code)
    status = _status(code)
    import atexit

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (`simcli ... | head`)
            pass
    os._exit(status)


if __name__ == "__main__":  # pragma: no cover
    entry()
