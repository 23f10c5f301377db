#!/usr/bin/env python3
"""Compare the speed of two machack builds on `machack bench`, in ways a noisy machine cannot fool.

    python3 scripts/compare-builds.py A B [--pairs 20] [--no-cpu] [--no-instructions] [-- BENCH ARGS]

A and B are the two binaries (say a build of the previous commit and target/release/machack);
BENCH ARGS go to `machack bench` (e.g. `-- --table off`, `-- --profile paper`). It prints:

- Whether the two search the same trees: each position's move, value, nodes and PMG calls (the
  bench's output with the times taken out) compared line by line.
- Instructions, counted by valgrind's cachegrind (`valgrind --tool=cachegrind --cache-sim=no`):
  deterministic, the same on a loaded machine as on an idle one; with the nodes the bench
  reports, instructions a node, and B's ratio to A's. The count includes the process starting
  (some 11 M instructions, most of it the magic tables).
- CPU time in pairs: A then B, run after run (`--pairs` pairs, at least 20 by default), each run's
  user + system CPU time of the process; the median of the pairs' ratios B/A, with the quartiles,
  so that a load that comes and goes falls on both sides of a pair alike.

The machine (processors, load average before and after) is printed with the figures.
"""

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys


def bench_output(binary, args):
    """The bench's standard output with every time taken out (what the trees decide)."""
    out = subprocess.run(
        [binary, "bench", *args], capture_output=True, text=True, check=True
    ).stdout
    kept = []
    for line in out.splitlines():
        if re.search(r"nodes/s|median|total time", line):
            continue
        line = re.sub(r"time +[0-9.]+ s", "", line)
        line = re.sub(r"1967 +[0-9.]+ s", "", line)
        kept.append(line.rstrip())
    return kept


def total_nodes(lines):
    for line in lines:
        m = re.match(r"total nodes +(\d+)", line)
        if m:
            return int(m.group(1))
    sys.exit("compare-builds: the bench printed no 'total nodes' line")


def instructions(binary, args):
    """The instructions `machack bench ARGS` executes, by cachegrind."""
    run = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            binary,
            "bench",
            *args,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    m = re.search(r"I\s+refs:\s+([0-9,]+)", run.stderr)
    if not m:
        sys.exit("compare-builds: no 'I refs' in valgrind's output (is valgrind installed?)")
    return int(m.group(1).replace(",", ""))


def cpu_seconds(binary, args):
    """User + system CPU time of one `machack bench ARGS` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [binary, "bench", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def machine():
    model = "unknown processor"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{os.cpu_count()} processors, {model}"


def load():
    return "load average %.2f %.2f %.2f" % os.getloadavg()


def main():
    parser = argparse.ArgumentParser(
        description="Compare two machack builds on `machack bench`: trees, instructions, CPU time.",
        epilog="Arguments after -- go to `machack bench`.",
    )
    parser.add_argument("a", help="the build compared against (e.g. the previous commit's)")
    parser.add_argument("b", help="the build measured")
    parser.add_argument("--pairs", type=int, default=20, help="CPU-time pairs A B (default 20)")
    parser.add_argument("--no-cpu", action="store_true", help="leave out the CPU-time pairs")
    parser.add_argument(
        "--no-instructions", action="store_true", help="leave out the cachegrind counts"
    )
    argv = sys.argv[1:]
    args = argv[argv.index("--") + 1 :] if "--" in argv else []
    opts = parser.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    a, b = opts.a, opts.b

    print(f"bench {' '.join(args) or '(default)'}; {machine()}; {load()}")
    out_a, out_b = bench_output(a, args), bench_output(b, args)
    nodes_a, nodes_b = total_nodes(out_a), total_nodes(out_b)
    if out_a == out_b:
        print(f"trees: the same (move, value, nodes, PMG calls of every position; {nodes_a} nodes)")
    else:
        print(f"trees: DIFFERENT ({nodes_a} nodes against {nodes_b}); the first difference:")
        for la, lb in zip(out_a, out_b):
            if la != lb:
                print(f"  A: {la}\n  B: {lb}")
                break

    if not opts.no_instructions:
        ia, ib = instructions(a, args), instructions(b, args)
        pa, pb = ia / nodes_a, ib / nodes_b
        print(f"instructions A {ia:,} ({pa:,.0f} a node)")
        print(f"instructions B {ib:,} ({pb:,.0f} a node)")
        print(f"instructions B/A {ib / ia:.3f}, a node {pb / pa:.3f}")

    if not opts.no_cpu:
        ratios, times_a, times_b = [], [], []
        for _ in range(opts.pairs):
            ta, tb = cpu_seconds(a, args), cpu_seconds(b, args)
            times_a.append(ta)
            times_b.append(tb)
            ratios.append(tb / ta)
        q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
        print(
            f"CPU time, {opts.pairs} pairs A B: median A {statistics.median(times_a):.3f} s, "
            f"B {statistics.median(times_b):.3f} s"
        )
        print(f"CPU B/A median of the pairs' ratios {q[1]:.3f} (quartiles {q[0]:.3f}-{q[2]:.3f})")
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
