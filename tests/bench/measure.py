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


# Runs the site build (the second [argv, cwd, env] of a JSON pair, build.mjs --after-content)
# and `contenu build` (the first) at once, and writes "go" to the site build when the content
# build succeeded, as nox -s build does; prints their outputs (a JSON list), then the same
# figures and when the content build ended.
_PIPELINE = """
import json, os, resource, subprocess, sys, threading, time
(content, cwd, env), (site, site_cwd, site_env) = json.loads(sys.argv[1])
NICENESS = int(sys.argv[2])
start = time.perf_counter()
builder = subprocess.Popen(site, cwd=site_cwd, env={**os.environ, **site_env}, text=True,
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           preexec_fn=lambda: os.nice(NICENESS))
said = []
reader = threading.Thread(target=lambda: said.append(builder.stdout.read()))
reader.start()
done = subprocess.run(content, cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True)
content_seconds = time.perf_counter() - start
try:
    if done.returncode == 0:
        builder.stdin.write("go\\n")
    builder.stdin.close()
except BrokenPipeError:
    pass
code = builder.wait()
reader.join()
print(json.dumps([done.stdout + done.stderr, said[0]]))
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"code": max(done.returncode, code), "seconds": time.perf_counter() - start,
                  "content": content_seconds, "peakKb": usage.ru_maxrss,
                  "cpu": usage.ru_utime + usage.ru_stime}), file=sys.stderr)
"""


#: As noxfile.py's SITE_BUILD_NICENESS: the site build yields the cores to `contenu build`.
SITE_BUILD_NICENESS = 10


@dataclass
class Run:
    seconds: float
    peak_mb: float
    output: str
    cpu_seconds: float = 0.0
    content_seconds: float = 0.0  # measure_pipeline: when the content build ended


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


def measure_pipeline(
    content: tuple[list[str], Path, dict[str, str]], site: tuple[list[str], Path, dict[str, str]]
) -> Run:
    """Run `contenu build` (``content``: argv, working folder, more environment) and the site
    build that waits for it (``site``) as ``nox -s build`` does; ``content_seconds``: when the
    content build ended."""
    os.sync()
    spec = [[argv, str(cwd), env] for argv, cwd, env in (content, site)]
    done = subprocess.run(
        [sys.executable, "-c", _PIPELINE, json.dumps(spec), str(SITE_BUILD_NICENESS)],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = done.stderr.strip().splitlines()
    result = json.loads(lines[-1]) if lines and lines[-1].startswith("{") else None
    outputs = json.loads(done.stdout) if done.stdout.startswith("[") else [done.stdout]
    output = "\n".join(outputs)
    if result is None or result["code"] != 0:
        raise RuntimeError(f"the build failed:\n{output[-4000:]}{done.stderr[-2000:]}")
    return Run(result["seconds"], result["peakKb"] / 1024, output, result["cpu"], result["content"])
