"""`simulate` on several processes or a cluster gives the same games; its report and JSON."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pnpkit.referee.simulation.bots import PlayerSpec
from pnpkit.referee.simulation.simulate import Plan, run_games, wilson

REFEREE = Path(sys.executable).parent / "referee"
PLAN = Plan("alpina", 3, (PlayerSpec("greedy"), PlayerSpec("random"), PlayerSpec("random")), seed=7)


def run(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([REFEREE, *map(str, args)], capture_output=True, text=True, check=False)


def test_results_are_the_same_whatever_the_number_of_jobs() -> None:
    alone = run_games(PLAN, 10, jobs=1)
    assert [r["n"] for r in alone] == list(range(10))
    assert run_games(PLAN, 10, jobs=2) == alone
    assert run_games(PLAN, 10, jobs=3) == alone
    assert len({json.dumps(r["scores"]) for r in alone}) > 1  # the games differ from each other


def test_a_dask_cluster_plays_the_same_games() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="Dask distributed is not installed (pip install 'pnpkit[cluster]')"
    )
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        records = run_games(PLAN, 6, executor="dask", address=cluster.scheduler_address)
        summary = json.loads(
            run(
                "simulate", "alpina", "--games", "6", "--seed", "7",
                "--players", "greedy,random,random",
                "--executor", "dask", cluster.scheduler_address, "--json",
            ).stdout
        )  # fmt: skip
    assert records == run_games(PLAN, 6, jobs=1)
    assert summary["wins_by_seat"]["seat 1"] == sum("seat 1" in r["winners"] for r in records)


def test_an_unreachable_cluster_is_a_clear_error() -> None:
    pytest.importorskip("distributed", reason="Dask distributed is not installed")
    result = run("simulate", "alpina", "--games", "2", "--executor", "dask", "tcp://127.0.0.1:9")
    assert result.returncode == 2
    assert "error: --executor dask: no Dask scheduler at tcp://127.0.0.1:9" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_wilson_interval() -> None:
    low, high = wilson(18, 20)
    assert (round(low, 3), round(high, 3)) == (0.699, 0.972)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_the_report_and_the_json_tell_the_same_games(tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    args = ("simulate", "alpina", "--games", "8", "--players", "greedy,random", "--jobs", "2")
    shown = run(*args, "--report", report, "--json")
    assert shown.returncode == 0, shown.stderr
    summary = json.loads(shown.stdout)
    assert summary["players_by_seat"] == {"seat 1": "greedy", "seat 2": "random"}
    rate = summary["win_rate_by_seat"]["seat 1"]
    assert rate["low"] <= rate["rate"] == summary["wins_by_seat"]["seat 1"] / 8 <= rate["high"]
    html = report.read_text()
    assert "http" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert html.count("<svg") >= 1 + 2 + 1 + len(summary["stats"])  # wins, seats, length, figures
    assert f"{rate['rate']:.1%}" in html
    for figure in summary["stats"]:
        assert figure.replace("(", "").split()[0] in html
    text = run(*args)
    assert re.search(r"seat 1: \d+ wins \(\d+\.\d%, 95% CI \d+\.\d–\d+\.\d%\)", text.stdout)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--players", "clever,random"), "--players: unknown player 'clever'"),
        (("--executor", "ray", "x"), "--executor: unknown executor 'ray'"),
        (("--players", "greedy"), "Alpina is for 2–4 players, not 1"),
    ],
)
def test_bad_options_are_clear_errors(args: tuple[str, ...], message: str) -> None:
    result = run("simulate", "alpina", "--games", "2", *args)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_progress_is_told_every_game() -> None:
    done: list[int] = []
    run_games(PLAN, 5, jobs=2, progress=done.append)
    assert sum(done) == 5 and len(done) >= 2
