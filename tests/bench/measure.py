"""Running a command and measuring it: wall time, CPU time (user + system, every process it
waited for: on a shared machine the CPU a build needs moves less with the load than its wall
time) and the peak memory of its largest process (threads included: the prerender's worker
threads are in Node's process), through a small Python wrapper so nothing beyond Python is
needed (no GNU time)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

# Runs the command, then prints the largest resident size of the processes it waited for.
_WRAPPER = (
    "import json,resource,subprocess,sys,time;"
    "t=time.perf_counter();r=subprocess.run(sys.argv[1:]);t=time.perf_counter()-t;"
    "u=resource.getrusage(resource.RUSAGE_CHILDREN);"
    "print(json.dumps({'code':r.returncode,'seconds':t,'peakKb':u.ru_maxrss,"
    "'cpu':u.ru_utime+u.ru_stime}),file=sys.stderr)"
)


# Runs the commands of a JSON list ([argv, cwd, env] each) at once, each read by its own
# thread; prints their outputs (a JSON list), then the same figures and the seconds each took.
_TOGETHER = """
import json, os, resource, subprocess, sys, threading, time
commands = json.loads(sys.argv[1])
start = time.perf_counter()
runs = [{} for _ in commands]
def run(index, argv, cwd, env):
    done = subprocess.run(argv, cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True)
    runs[index] = {"code": done.returncode, "out": done.stdout + done.stderr,
                   "seconds": time.perf_counter() - start}
threads = [threading.Thread(target=run, args=(i, *c)) for i, c in enumerate(commands)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(json.dumps([r["out"] for r in runs]))
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"code": max(r["code"] for r in runs), "seconds": time.perf_counter() - start,
                  "each": [r["seconds"] for r in runs], "peakKb": usage.ru_maxrss,
                  "cpu": usage.ru_utime + usage.ru_stime}), file=sys.stderr)
"""


@dataclass
class Run:
    seconds: float
    peak_mb: float
    output: str
    cpu_seconds: float = 0.0
    each: list[float] | None = None  # measure_together: the seconds of each command


def measure(command: list[str], *, cwd: Path, env: dict[str, str] | None = None) -> Run:
    """Run ``command`` to completion; raise with its output if it fails."""
    # What ran before may still have writes pending: flushed first, they are not paid for by
    # the command measured (Hugo, run after our build, or the reverse).
    os.sync()
    done = subprocess.run(
        [sys.executable, "-c", _WRAPPER, *command],
        cwd=cwd,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        check=False,
    )
    lines = done.stderr.strip().splitlines()
    result = json.loads(lines[-1]) if lines and lines[-1].startswith("{") else None
    output = done.stdout + "\n".join(lines[:-1])
    if result is None or result["code"] != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{output[-4000:]}")
    return Run(result["seconds"], result["peakKb"] / 1024, output, result["cpu"])


def measure_together(commands: list[tuple[list[str], Path, dict[str, str]]]) -> Run:
    """Run ``commands`` (argv, working folder, more environment) at once, as ``nox -s build``
    runs `contenu build` and the site's code build; ``each``: the seconds of each."""
    os.sync()
    spec = [[argv, str(cwd), env] for argv, cwd, env in commands]
    done = subprocess.run(
        [sys.executable, "-c", _TOGETHER, json.dumps(spec)],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = done.stderr.strip().splitlines()
    result = json.loads(lines[-1]) if lines and lines[-1].startswith("{") else None
    outputs = json.loads(done.stdout) if done.stdout.startswith("[") else [done.stdout]
    output = "\n".join(outputs)
    if result is None or result["code"] != 0:
        raise RuntimeError(f"{commands} failed:\n{output[-4000:]}{done.stderr[-2000:]}")
    return Run(result["seconds"], result["peakKb"] / 1024, output, result["cpu"], result["each"])
