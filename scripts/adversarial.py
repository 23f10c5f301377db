#!/usr/bin/env python3
"""The adversarial run of issue 25: hostile inputs and faults, area by area, each checked against
what must hold whatever happens. Prints a line per area (inputs tried, checks made, failures, seconds) and the
first failures in full; exits 1 if any check failed.

    python3 scripts/adversarial.py [--bin target/release/machack] [--quick] [--seed N]

Areas:
  records-disk     a disk that fills mid-game (ulimit -f, SIGXFSZ ignored), a tmpfs filled
                   mid-game (root): the moves shown are exactly the moves recorded, the failure
                   said once, exit code 2 saying the record is incomplete, no temporary file
  records-readonly a folder made read-only mid-game, the game run by a user who is not root
                   (machack-test through setpriv when run as root): the same, then RECORD FILE
                   elsewhere takes the whole game
  records-signals  SIGINT, SIGTERM, SIGHUP at random moments: ended by the signal, no temporary
                   file, every move shown recorded; SIGKILL: the next run removes what it left
  records-resume   corrupt records resumed (truncated, bytes flipped, garbage, huge tokens),
                   also in place: no crash, short messages, the file left byte for byte
  inputs           /dev/zero, /dev/urandom, random and oversized files and huge tokens for every
                   command that reads a file: no crash, a short message, bounded time and memory
  protocols        random and malformed UCI and CECP lines: every UCI go answered with one
                   bestmove (0000 after a refused position: never a move for the position
                   before it), the session alive, every line short; every CECP go answered (a
                   move, a result or an error), finished positions with their result; then the
                   edges of issue 34 one by one: refused positions and setboards, a mated side
                   to move (mate 0, go infinite held until stop), go depth and nodes out of
                   range (clamped, not answered at depth 1), go after a repetition draw, new
                   during analyze, hint and bk
  match            engines that flood, stay silent, exit, write endless lines or garbage: each
                   game scored (a failed start is no game: the match ends, exit 2), the runner
                   alive, within the clock plus a second, under 200 MB

Needs bash and kill; the tmpfs and the user who is not root need root (said and skipped
otherwise). About 4 minutes on 2 cores (--quick: about 1).
"""

import argparse
import os
import queue
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Run:
    """A finished run: exit code or signal, output, seconds, peak memory (KB), killed."""

    def __init__(self, code, sig, out, err, secs, kb, killed):
        self.code, self.sig, self.out, self.err = code, sig, out, err
        self.secs, self.kb, self.killed = secs, kb, killed

    def __repr__(self):
        return (f"code={self.code} signal={self.sig} {self.secs:.2f}s {self.kb}KB "
                f"killed={self.killed} err={self.err[:300]!r} out={self.out[-300:]!r}")


# Runs each command through a small Python of its own, which waits for it with wait4: the peak
# memory of a process forked from this one (large after hundreds of runs) would count this one's.
LAUNCHER = r"""
import os, subprocess, sys, time
stats, timeout, args = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
start = time.monotonic()
p = subprocess.Popen(args)
killed = 0
while True:
    pid, status, usage = os.wait4(p.pid, os.WNOHANG)
    if pid:
        break
    if time.monotonic() - start > timeout:
        p.kill()
        killed = 1
        pid, status, usage = os.wait4(p.pid, 0)
        break
    time.sleep(0.002)
open(stats, "w").write(f"{time.monotonic() - start} {usage.ru_maxrss} {status} {killed}")
"""


def run(args, stdin=b"", timeout=30.0, cwd=None, stdin_path=None):
    """Runs args, feeding stdin (bytes) or the file stdin_path, output through pipes (a file
    would be under the command's own ulimit); measures it with wait4."""
    fd, stats = tempfile.mkstemp(prefix="machack-adv-stats-")
    os.close(fd)
    src = open(stdin_path, "rb") if stdin_path else subprocess.PIPE
    p = subprocess.Popen([sys.executable, "-S", "-c", LAUNCHER, stats, str(timeout)] + args,
                         stdin=src, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
    chunks = {"out": [], "err": []}

    def drain(stream, key):
        for block in iter(lambda: stream.read(65536), b""):
            chunks[key].append(block)

    readers = [threading.Thread(target=drain, args=(p.stdout, "out"), daemon=True),
               threading.Thread(target=drain, args=(p.stderr, "err"), daemon=True)]
    for t in readers:
        t.start()
    if not stdin_path:
        try:
            p.stdin.write(stdin)
            p.stdin.close()
        except OSError:
            pass
    p.wait()
    for t in readers:
        t.join(timeout=10)
    if stdin_path:
        src.close()
    secs, kb, status, killed = open(stats).read().split()
    os.remove(stats)
    status = int(status)
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    text = lambda key: b"".join(chunks[key]).decode("utf-8", "replace")
    return Run(code, sig, text("out"), text("err"), float(secs), int(kb), killed == "1")


class Area:
    """Counts the inputs tried in an area (a game, a file, a line, an engine) and the checks
    made of what came out, and keeps the failures."""

    def __init__(self, name):
        self.name, self.tried, self.failures, self.start = name, 0, [], time.monotonic()
        self.notes, self.inputs = [], 0

    def check(self, ok, what):
        self.tried += 1
        if not ok:
            self.failures.append(what)
        return ok


# ---------------------------------------------------------------------------------------------
# Records: the moves shown against the moves recorded, by their descriptive text.

MOVE_LINE = re.compile(r"^(\d+)\.(\.\.)? (.+?)\s*(\d+\.\d\d SEC|BOOK)")
COMMENT = re.compile(r"\{([^}]*)\}")


def shown(lines, stop=lambda l: False):
    """The machine's moves shown (it plays both sides), as descriptive texts."""
    moves = []
    for line in lines:
        if stop(line):
            break
        m = MOVE_LINE.match(line)
        if m:
            moves.append(m.group(3).strip())
    return moves


# A move's comment: its descriptive text, then its time (`0.00s`) or `book`, then for a searched
# move `key=value` words (`value=-198`, `stopped=N`, settings; src/game/record.rs).
TIME_OR_BOOK = re.compile(r"^(\d+\.\d\ds|book)$")


def recorded(text):
    """The moves of a record as machack writes it, by the descriptive text of their comments."""
    body = text.split("\n\n", 1)[1] if "\n\n" in text else text
    moves = []
    for c in COMMENT.findall(body):
        words = c.split()
        at = next((i for i, w in enumerate(words) if TIME_OR_BOOK.match(w)), None)
        if at and all("=" in w for w in words[at + 1:]):
            moves.append(" ".join(words[:at]))
    return moves


def fill(d):
    """Fills the file system holding d to the last byte."""
    fd = os.open(os.path.join(d, "filler"), os.O_WRONLY | os.O_CREAT)
    for block in (4096, 1):
        try:
            while True:
                os.write(fd, b"x" * block)
        except OSError:
            pass
    os.close(fd)


def temporaries(d):
    return [n for n in os.listdir(d) if n.endswith(".tmp")]


NOTHING_MORE = "THE GAME IS KEPT, AND NOTHING MORE OF IT IS SHOWN UNTIL IT IS RECORDED"


def check_stalled_game(area, label, r, d, record="g.pgn"):
    """A game whose record filled up: what was shown is what is recorded, and the rest holds."""
    lines = r.out.splitlines()
    stop = lambda l: l.startswith("THE GAME IS SAVED IN") or l.startswith("THE GAME CANNOT BE SAVED")
    on_disk = recorded(open(os.path.join(d, record)).read())
    seen = shown(lines, stop)
    failed = any(NOTHING_MORE in l for l in lines)
    area.check(seen == on_disk, f"{label}: shown {len(seen)} moves, recorded {len(on_disk)}: {r}")
    area.check(sum(NOTHING_MORE in l for l in lines) <= 1, f"{label}: said more than once: {r}")
    if failed:
        area.check(r.code == 2 and "is incomplete" in r.err, f"{label}: exit/message: {r}")
    else:
        area.check(r.code == 0, f"{label}: the game ended without a failure, exit: {r}")
    area.check(not temporaries(d), f"{label}: temporary files {temporaries(d)}")
    return failed


def records_disk(a, binary, rng, quick, work):
    area = Area("records-disk")
    stalled = 0
    sizes = [1, 2] if quick else [1, 2, 3]
    for size, seed in [(s, k) for s in sizes for k in range(1 if quick else 2)]:
        for book in (["--no-book"], []):
            for preset in ["quick"] if quick else ["quick", "normal"]:
                d = tempfile.mkdtemp(dir=work)
                area.inputs += 1
                cmd = (f'trap "" XFSZ; ulimit -f {size}; exec "$0" "$@"')
                r = run(["bash", "-c", cmd, binary, "play", "--preset", preset, "--seed",
                         str(seed), "--record", "g.pgn"] + book,
                        b"PS\n", timeout=120, cwd=d)
                stalled += check_stalled_game(area, f"ulimit -f {size} {preset} {book}", r, d)
    area.notes.append(f"ulimit: {stalled} games hit the limit")
    # A real file system filled mid-game (root).
    if os.geteuid() == 0 and shutil.which("mount"):
        trials, filled = (2 if quick else 5), 0
        for t in range(trials):
            d = tempfile.mkdtemp(dir=work)
            area.inputs += 1
            full = os.path.join(d, "full")
            os.mkdir(full)
            if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "machack-adv", full],
                              stderr=subprocess.DEVNULL).returncode != 0:
                area.notes.append("tmpfs: cannot mount here, skipped")
                break
            try:
                p = subprocess.Popen([binary, "play", "--preset", "quick", "--no-book",
                                      "--record", "full/g.pgn"], cwd=d, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env=dict(os.environ, TMPDIR=d))
                p.stdin.write("PS\n")
                p.stdin.flush()
                lines, after = [], 4 + 3 * t
                for line in p.stdout:
                    lines.append(line.rstrip("\n"))
                    if MOVE_LINE.match(line) and len(shown(lines)) == after:
                        fill(full)
                    if NOTHING_MORE in line:
                        p.stdin.write("RECORD moved.pgn\nQUIT\n")
                        p.stdin.flush()
                    if line.startswith("BYE.") or line.startswith("THE GAME"):
                        break
                p.stdin.close()
                rest = p.stdout.read()
                lines += rest.splitlines()
                p.wait()
                moved = os.path.join(d, "moved.pgn")
                ok = os.path.exists(moved) and shown(lines) == recorded(open(moved).read())
                area.check(ok and p.returncode == 0, f"tmpfs trial {t}: {lines[-5:]}")
                filled += any(NOTHING_MORE in l for l in lines)
                area.check(not temporaries(full), f"tmpfs trial {t}: temporaries")
            finally:
                subprocess.run(["umount", full])
        area.notes.append(f"tmpfs: {filled} of {trials} filled mid-game")
    else:
        area.notes.append("tmpfs: needs root, skipped")
    return area


def unprivileged(dirs):
    """The command prefix that runs as a user who is not root (nothing when not root)."""
    if os.geteuid() != 0:
        return []
    if subprocess.run(["id", "machack-test"], capture_output=True).returncode != 0:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell",
                        "/usr/sbin/nologin", "machack-test"], check=True)
    for d in dirs:
        shutil.chown(d, "machack-test")
    return ["setpriv", "--reuid", "machack-test", "--regid", "machack-test", "--clear-groups"]


def records_readonly(a, binary, rng, quick, work):
    area = Area("records-readonly")
    trials, stalled, caught = (3 if quick else 10), 0, 0
    for t in range(trials):
        d = tempfile.mkdtemp(dir=work)
        area.inputs += 1
        os.chmod(d, 0o755)
        here, other = os.path.join(d, "here"), os.path.join(d, "other")
        os.mkdir(here)
        os.mkdir(other)
        prefix = unprivileged([here, other])
        p = subprocess.Popen(prefix + [binary, "play", "--preset", "quick", "--no-book",
                                       "--seed", str(t), "--record", "g.pgn"],
                             cwd=here, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=dict(os.environ, TMPDIR=here))
        p.stdin.write("PS\n")
        p.stdin.flush()
        lines, after, recovered = [], 2 + rng.randrange(30), False
        for line in p.stdout:
            lines.append(line.rstrip("\n"))
            if MOVE_LINE.match(line) and len(shown(lines)) == after:
                os.chmod(here, 0o555)
            if NOTHING_MORE in line and not recovered:
                recovered = True
                p.stdin.write(f"BD\ne4\nRECORD {other}/moved.pgn\n")
                p.stdin.flush()
            if line.startswith("RECORDING THE GAME IN " + other):
                p.stdin.write("QUIT\n")
                p.stdin.flush()
            if line.startswith("BYE."):
                break
        p.stdin.close()
        lines += p.stdout.read().splitlines()
        p.wait()
        os.chmod(here, 0o755)
        moved = os.path.join(other, "moved.pgn")
        label = f"read-only after {after} moves"
        stalled += recovered
        if recovered:
            on_disk = recorded(open(os.path.join(here, "g.pgn")).read())
            area.check(shown(lines)[:len(on_disk)] == on_disk, f"{label}: prefix")
            area.check(os.path.exists(moved) and shown(lines) == recorded(open(moved).read()),
                       f"{label}: moved record: {lines[-6:]}")
        else:
            on_disk = recorded(open(os.path.join(here, "g.pgn")).read())
            area.check(shown(lines) == on_disk, f"{label}: the game ended first: {lines[-4:]}")
        area.check(sum(NOTHING_MORE in l for l in lines) <= 1, f"{label}: said twice")
        area.check(p.returncode == 0, f"{label}: exit {p.returncode}")
        # A temporary file made just before the folder turned read-only cannot be removed
        # there; the next run in the folder, writable again, removes it.
        if temporaries(here):
            caught += 1
            r = run(prefix + [binary, "play", "--record", "next.pgn"], b"quit\n", cwd=here)
            area.check(r.code == 0, f"{label}: the next run: {r}")
        area.check(not temporaries(here), f"{label}: temporaries {temporaries(here)}")
    area.notes.append(f"{stalled} of {trials} stalled and recovered, {caught} caught "
                      "mid-write (its temporary file removed by the next run)")
    if os.geteuid() == 0:
        area.notes.append("run as machack-test through setpriv")
    return area


def records_signals(a, binary, rng, quick, work):
    area = Area("records-signals")
    each = 15 if quick else 50
    d = tempfile.mkdtemp(dir=work)

    def trial(sig, t, delay):
        area.inputs += 1
        name = f"{sig.name}-{t}.pgn"
        p = subprocess.Popen([binary, "play", "--preset", "quick", "--no-book", "--record",
                              name], cwd=d, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
        p.stdin.write("PS\n")
        p.stdin.flush()
        first = p.stdout.readline()
        time.sleep(delay)
        p.send_signal(sig)
        lines = [first] + p.stdout.read().splitlines()
        p.wait()
        label = f"{sig.name} trial {t} after {delay * 1000:.0f} ms"
        on_disk = recorded(open(os.path.join(d, name)).read())
        seen = shown(lines)
        ok = on_disk[:len(seen)] == seen and len(on_disk) <= len(seen) + 1
        area.check(ok, f"{label}: shown {len(seen)}, recorded {len(on_disk)}")
        left = [n for n in temporaries(d) if n.startswith("." + name)]
        if sig == signal.SIGKILL:
            # What SIGKILL left, the next run removes.
            r = run([binary, "play", "--resume", name, "--record", f"next-{name}"],
                    b"quit\n", cwd=d)
            gone = not [n for n in temporaries(d) if n.startswith("." + name)]
            area.check(r.code == 0 and gone, f"{label}: left {left}, then {r}")
        else:
            area.check(p.returncode == -sig, f"{label}: status {p.returncode}")
            area.check(not left, f"{label}: left {left}")

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGKILL):
        for t in range(each):
            trial(sig, t, rng.uniform(0, 0.15))
    return area


def mutations(text, rng):
    """Ways to spoil a record."""
    b = text.encode()
    out = []
    for _ in range(8):
        out.append(b[:rng.randrange(len(b))])
    for _ in range(8):
        c = bytearray(b)
        for _ in range(rng.randrange(1, 6)):
            c[rng.randrange(len(c))] = rng.randrange(256)
        out.append(bytes(c))
    for junk in [b"\x00" * 100, b"\xff\xfe", b"{", b"(", b"[", b"]", b"\"", b"$999", b"1-0",
                 b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]", b"\r", b"N" * 70, b"9" * 30 + b".",
                 "\u00bd-\u00bd".encode(), b"e8=Q", b"O-O-O-O"]:
        i = rng.randrange(len(b))
        out.append(b[:i] + junk + b[i:])
    lines = text.splitlines(keepends=True)
    for _ in range(4):
        c = lines[:]
        i = rng.randrange(len(c))
        c.insert(rng.randrange(len(c)), c[i])
        out.append("".join(c).encode())
        c = lines[:]
        del c[rng.randrange(len(c))]
        out.append("".join(c).encode())
    out.append(b + b"N" * 2_000_000)
    out.append(b.replace(b"e4", b"e" * 900_000, 1))
    out.append(b"")
    return out


def records_resume(a, binary, rng, quick, work):
    area = Area("records-resume")
    d = tempfile.mkdtemp(dir=work)
    base = run([binary, "play", "--record", "base.pgn", "--preset", "quick", "--no-book"],
               b"PS\n", cwd=d, timeout=120)
    text = open(os.path.join(d, "base.pgn")).read()
    rounds = 2 if quick else 6
    n = 0
    for _ in range(rounds):
        for m in mutations(text, rng):
            n += 1
            f = os.path.join(d, f"m{n}.pgn")
            open(f, "wb").write(m)
            for extra in ([], ["--in-place"]):
                area.inputs += 1
                out = [] if extra else ["--record", f"m{n}-next.pgn"]
                r = run([binary, "play", "--resume", f"m{n}.pgn", "--preset", "quick"] + extra
                        + out, b"quit\n", cwd=d, timeout=30)
                label = f"resume {extra} mutation {n} ({len(m)} bytes)"
                area.check(r.code in (0, 2) and r.sig is None, f"{label}: {r}")
                area.check(max(map(len, (r.out + r.err).splitlines()), default=0) < 1200,
                           f"{label}: a long line")
                area.check(open(f, "rb").read() == m, f"{label}: the file changed")
                area.check(r.secs < 10 and r.kb < 100_000, f"{label}: cost {r}")
    area.check(not temporaries(d), "temporaries")
    return area


def inputs(a, binary, rng, quick, work):
    area = Area("inputs")
    d = tempfile.mkdtemp(dir=work)
    files = {"/dev/zero": None, "/dev/urandom": None, d: None, os.path.join(d, "none"): None}
    big = b"N" * 3_000_000

    def put(name, data):
        p = os.path.join(d, name)
        open(p, "wb").write(data)
        files[p] = None

    put("random-1k", os.urandom(1000))
    put("random-3m", os.urandom(3_000_000))
    put("token-move.pgn", b"1. e4 e5 2. " + big + b" *\n")
    put("token-fen.pgn", b"[FEN \"" + big + b" w - - 0 1\"]\n\n1. e4 *\n")
    put("token-tag.pgn", b"[" + big + b" \"x\"]\n\n1. e4 *\n")
    put("token-value.pgn", b"[Event \"" + big + b"]\n\n1. e4 *\n")
    put("token-nag.pgn", b"1. e4 $" + b"9" * 3_000_000 + b" *\n")
    put("comment.pgn", b"1. e4 {" + b"x" * 3_000_000)
    put("nested.pgn", b"1. e4 " + b"(" * 1_000_000 + b"e5" + b")" * 1_000_000 + b" *\n")
    put("lines.pgn", b"\n" * 4_000_000)
    put("limit.pgn", b"1. e4 e5 *\n" + b" " * (4 * 1024 * 1024 - 11))
    put("over.pgn", b"1. e4 e5 *\n" + b" " * (4 * 1024 * 1024 - 10))
    put("fields.epd", b"\t".join([b"x"] * 1_000_000))
    put("epd-token.epd", b"8/8/8/8/8/8/8/K6k w - - bm " + big + b";\n")
    put("nul.pgn", b"\x00" * 1_000_000)
    commands = [["replay"], ["convert", "--to", "pgn"], ["convert", "--to", "descriptive"],
                ["epd", "--depth", "1"], ["bench-pmg", "--repeat", "1", "--tsv"],
                ["report", "--output", os.path.join(d, "page.html")],
                ["replay", "--compare"], ["play", "--preset", "quick", "--resume"]]
    for cmd in commands:
        for f in files:
            area.inputs += 1
            label = f"{' '.join(cmd)} {os.path.basename(f)}"
            r = run([binary] + cmd + [f], b"quit\n", cwd=d, timeout=60)
            area.check(r.sig is None and not r.killed and r.code in (0, 1, 2), f"{label}: {r}")
            area.check(max(map(len, r.err.splitlines()), default=0) < 1200,
                       f"{label}: a long message ({len(r.err)} bytes)")
            if f.startswith("/dev/"):
                area.check(r.code == 2 and r.secs < 1 and r.kb < 100_000, f"{label}: {r}")
            else:
                area.check(r.kb < 250_000, f"{label}: memory {r}")
    # Standard input that never ends, and huge lines, for the commands that read lines.
    for cmd in (["play"], ["uci"], ["xboard"], ["replay", "-"], ["convert", "--to", "pgn", "-"]):
        for src in ("/dev/zero", "/dev/urandom"):
            area.inputs += 1
            label = f"{' '.join(cmd)} < {src}"
            r = run([binary] + cmd, cwd=d, timeout=2, stdin_path=src)
            area.check(r.sig in (None, signal.SIGKILL) and r.kb < 100_000, f"{label}: {r}")
            area.check(max(map(len, r.out.splitlines()), default=0) < 1200, f"{label}: long")
    return area


# ---------------------------------------------------------------------------------------------
# Protocols.

class Session:
    """A protocol session driven line by line; its output is read by a thread, so that a wait
    for a line can time out."""

    def __init__(self, binary, protocol):
        self.p = subprocess.Popen([binary, protocol, "--preset", "quick"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                  errors="replace", bufsize=1)
        self.lines = []
        self.queue = queue.Queue()

        def read():
            for line in self.p.stdout:
                self.queue.put(line.rstrip("\n"))
            self.queue.put(None)
        threading.Thread(target=read, daemon=True).start()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, pred, timeout=20):
        deadline = time.monotonic() + timeout
        got = []
        while time.monotonic() < deadline:
            try:
                line = self.queue.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                return got, False
            got.append(line)
            self.lines.append(line)
            if pred(line):
                return got, True
        return got, False

    def close(self):
        try:
            self.send("quit")
            self.p.stdin.close()
        except OSError:
            pass
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        return self.p.returncode


BESTMOVE = re.compile(r"^bestmove ([a-h][1-8][a-h][1-8][qrbn]?|0000)( ponder \S+)?$")
FINISHED = ["7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            "8/8/8/8/8/8/8/K6k w - - 0 1", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"]
# FENs the rules refuse (castling rights without the pieces, a side to move giving check, pawns
# on the last rank, no king): a position refused is no position.
REFUSED = ["4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
           "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
           "8/8/8/8/8/8/8/4K3 w - - 0 1", "not/a/fen w - - 0 1"]
FENS = FINISHED + ["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
                   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                   "6k1/5ppp/8/8/3R4/8/r4PPP/6K1 w - - 0 1"] + REFUSED[:3]
MATED = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
BACK_RANKS = "6k1/5ppp/8/8/3R4/8/r4PPP/6K1 w - - 0 1"
CECP_RESULT = re.compile(r"^(1-0|0-1|1/2-1/2) \{")
WORDS = ["wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes", "mate",
         "infinite", "ponder", "searchmoves", "x", "-1", "0", "1", "2", "99999999999999999999",
         "1.5", "e2e4", "e1h1", "", "\x00", "\xff", "go"]


def random_go(rng):
    words = ["go"]
    for _ in range(rng.randrange(6)):
        w = rng.choice(WORDS)
        words.append(w)
        if w in ("wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes"):
            words.append(str(rng.choice([1, 2, 5, 50, 200, 1000, -5, 0, 10**12])))
    if rng.random() < 0.02:
        words.append("y" * rng.choice([60_000, 70_000]))
    return " ".join(words)


def protocols(a, binary, rng, quick, work):
    area = Area("protocols")
    gos = 100 if quick else 400
    s = Session(binary, "uci")
    s.send("uci")
    s.until(lambda l: l == "uciok")
    for i in range(gos):
        area.inputs += 1
        fen = rng.choice(FENS)
        moves = rng.choice(["", " moves e1h1", " moves e1a1", " moves e1g1 e8c8", " moves zz",
                            " moves " + "e2e4" * 20])
        s.send(f"position fen {fen}{moves}" if rng.random() < 0.7 else "position startpos")
        extra = None
        if rng.random() < 0.2:
            extra = rng.choice(["setoption name Hash value -1", "setoption name Width value 0",
                                "debug on", "frobnicate " + "z" * 10_000, "position", "stop",
                                "ponderhit", "isready", "ucinewgame", "\x00\x01"])
            s.send(extra)
        go = random_go(rng)
        s.send(go)
        s.send("stop")
        got, ok = s.until(lambda l: l.startswith("bestmove"))
        area.check(ok and BESTMOVE.match(got[-1] if got else ""), f"uci {go[:80]!r}: {got[-3:]}")
        area.check(all(len(l) < 1200 for l in got), f"uci {go[:80]!r}: a long line")
        # A refused position (or a bare `position`) and no valid one after it: no move, and
        # nothing searched, whatever the go.
        refused = extra == "position" or (
            any(l.startswith("info string error: position refused") for l in got)
            and extra != "ucinewgame")
        if refused:
            area.check(got[-1] == "bestmove 0000"
                       and any("no position to search" in l for l in got)
                       and not any(l.startswith("info string settings") for l in got),
                       f"uci: a move after a refused position ({fen}{moves[:40]}, {go[:60]!r}): "
                       f"{got[-3:]}")
        # Exactly one: isready comes back with no further bestmove before it.
        s.send("isready")
        got, ok = s.until(lambda l: l == "readyok")
        area.check(ok and not any(l.startswith("bestmove") for l in got),
                   f"uci {go[:80]!r}: a second bestmove {got}")
    area.check(s.close() == 0, "uci: exit")
    # CECP: finished positions answered, garbage survived.
    s = Session(binary, "xboard")
    s.send("xboard")
    s.send("protover 2")
    s.until(lambda l: "done=1" in l)
    n = 0
    for i in range(gos // 2):
        area.inputs += 1
        fen = rng.choice(FENS)
        s.send("new")
        s.send("force")
        s.send(f"setboard {fen}")
        for _ in range(rng.randrange(3)):
            s.send(rng.choice(["usermove e1h1", "usermove zz", "e1a1", "level 0 0 0",
                               "st 0.001", "sd 0", "time -5", "option Notation=x",
                               "garbage " + "q" * 70_000, "\xff\xfe", "usermove " + "N" * 60_000,
                               "undo", "remove", "?", "."]))
        s.send("go")
        # Every go is answered: a move, a result, resigning, or an error naming the go.
        got, ok = s.until(lambda l: l.startswith("move ") or bool(CECP_RESULT.match(l))
                          or l == "resign" or l.endswith("): go"))
        area.check(ok, f"cecp go in {fen}: silent: {got[-4:]}")
        n += 1
        s.send(f"ping {n}")
        more, ok = s.until(lambda l: l == f"pong {n}")
        got += more
        area.check(ok, f"cecp {fen}: no pong: {got[-3:]}")
        area.check(all(len(l) < 1200 for l in got), f"cecp {fen}: a long line")
        if fen in FINISHED:
            area.check(any(CECP_RESULT.match(l) for l in got), f"cecp go in {fen}: {got[-4:]}")
        if fen in REFUSED:
            area.check(not any(l.startswith("move ") for l in got),
                       f"cecp: a move after a refused setboard {fen}: {got[-4:]}")
    area.check(s.close() == 0, "cecp: exit")
    protocol_edges(area, binary)
    return area


def protocol_edges(area, binary):
    """The edges of issue 34, items 1-4, each one session."""
    def uci(lines, until, timeout=20):
        s = Session(binary, "uci")
        got = []
        for line in lines:
            if isinstance(line, float):
                time.sleep(line)
                continue
            s.send(line)
        more, ok = s.until(until, timeout)
        got += more
        s.close()
        return got, ok

    # 1. Refused positions: no move for the position before them.
    for fen in REFUSED:
        area.inputs += 1
        got, ok = uci(["position startpos moves e2e4", f"position fen {fen}", "go depth 2"],
                      lambda l: l.startswith("bestmove"))
        area.check(ok and got[-1] == "bestmove 0000", f"uci refused {fen}: {got[-3:]}")
    for moves in ["e2e4 e7e5 g1g3", "e2e4 zz", "e2e4 e7e5 e1g1"]:
        area.inputs += 1
        got, ok = uci(["position startpos", f"position startpos moves {moves}", "go movetime 50"],
                      lambda l: l.startswith("bestmove"))
        area.check(ok and got[-1] == "bestmove 0000", f"uci refused moves {moves}: {got[-3:]}")
    # 2. A mated side to move: mate 0, bestmove 0000; go infinite held until stop.
    area.inputs += 1
    got, ok = uci([f"position fen {MATED}", "go movetime 200"], lambda l: l.startswith("bestmove"))
    area.check(ok and got[-1] == "bestmove 0000" and any(" score mate 0" in l for l in got)
               and not any(" score mate -" in l for l in got), f"uci mated: {got[-3:]}")
    area.inputs += 1
    got, ok = uci([f"position fen {MATED}", "go infinite", 0.5, "isready"],
                  lambda l: l == "readyok")
    area.check(ok and not any(l.startswith("bestmove") for l in got),
               f"uci mated go infinite answered before stop: {got[-3:]}")
    # 3. go depth and nodes out of range: clamped and said, not a search to depth 1.
    for go, note in [("go depth 25", "searching to depth 20"), ("go nodes 10", "searching 256")]:
        area.inputs += 1
        got, ok = uci(["position startpos", go, 0.2, "stop"], lambda l: l.startswith("bestmove"))
        area.check(ok and any(note in l for l in got)
                   and not any("answering with a search to depth 1" in l for l in got),
                   f"uci {go}: {got[-3:]}")

    def cecp(lines, until, timeout=20):
        s = Session(binary, "xboard")
        for line in ["xboard", "protover 2"] + lines:
            s.send(line)
        got, ok = s.until(until, timeout)
        s.close()
        return got, ok

    # 4. go after an announced repetition draw; new during analyze; hint; bk.
    area.inputs += 1
    dance = [f"usermove {m}" for m in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2]
    got, ok = cecp(["new", "force"] + dance + ["go", "ping 1"], lambda l: l == "pong 1")
    area.check(ok and sum(bool(CECP_RESULT.match(l)) for l in got) == 2,
               f"cecp go after a repetition draw: {got[-3:]}")
    area.inputs += 1
    got, ok = cecp(["post", "analyze", "new", "usermove e2e4"], lambda l: l.startswith("move "))
    area.check(ok, f"cecp new during analyze, then a move: {got[-3:]}")
    area.inputs += 1
    got, ok = cecp([f"setboard {BACK_RANKS}", "hint", "bk", "ping 1"], lambda l: l == "pong 1")
    area.check(ok and "Hint: d4d8" in got and got[-3:-1] == [" no book move in this position", ""],
               f"cecp hint and bk: {got[-4:]}")
    area.inputs += 1
    got, ok = cecp(["new", "force", "setboard 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "go", "e2e4",
                    "ping 1"], lambda l: l == "pong 1")
    area.check(ok and not any(l.startswith("move ") for l in got)
               and any(l.startswith("Error (no position") for l in got),
               f"cecp go after a refused setboard: {got[-4:]}")


# ---------------------------------------------------------------------------------------------
# Match.

UCI_HEAD = ("while read l; do case \"$l\" in\n"
            "uci) echo 'id name {name}'; echo uciok;;\n"
            "isready) echo readyok;;\n"
            "go*) {go};;\n"
            "quit) exit 0;;\n"
            "esac; done\n")


def engines(d):
    """Misbehaving engines: (name, command, protocol)."""
    def uci(name, go, head=UCI_HEAD):
        path = os.path.join(d, f"{name}.sh")
        open(path, "w").write(head.format(name=name, go=go))
        return (name, f"sh {path}", "uci")

    def shell(name, body, protocol="uci"):
        path = os.path.join(d, f"{name}.sh")
        open(path, "w").write(body)
        return (name, f"sh {path}", protocol)

    out = [("yes", "/usr/bin/yes", "uci"), ("yes-xboard", "/usr/bin/yes", "xboard"),
           ("cat", "/bin/cat", "uci"), ("true", "/bin/true", "uci"),
           ("true-xboard", "/bin/true", "xboard")]
    out.append(uci("Flood", "while :; do echo 'info depth 1 score cp 0 pv e7e5'; done"))
    out.append(uci("Trickle", "while :; do echo 'info depth 1'; sleep 0.001; done"))
    out.append(uci("Silent", "sleep 30"))
    out.append(uci("Illegal", "echo 'bestmove e2e5'"))
    out.append(uci("Empty", "echo 'bestmove'"))
    out.append(uci("Garbage", "echo 'bestmove zzzz'"))
    out.append(uci("Endless", "head -c 3000000 /dev/zero; sleep 30"))
    out.append(uci("Longline", "head -c 100000 /dev/zero | tr '\\0' x; echo"))
    out.append(uci("Binary", "head -c 200000 /dev/urandom; echo"))
    out.append(uci("Exits", "exit 0"))
    out.append(uci("Late", "sleep 3; echo 'bestmove e7e5'"))
    out.append(shell("Idflood", "while :; do echo 'id name x'; done"))
    out.append(shell("Urandom", "cat /dev/urandom"))
    out.append(shell("Features", "while :; do echo 'feature done=0'; done", "xboard"))
    out.append(shell("XFlood", "while read l; do case \"$l\" in\n"
                     "protover*) echo 'feature ping=1 usermove=1 done=1';;\n"
                     "ping*) echo \"pong ${l#ping }\";;\n"
                     "go) while :; do echo '1 0 0 1 e5'; done;;\n"
                     "quit) exit 0;;\nesac; done\n", "xboard"))
    return out


def match(a, binary, rng, quick, work):
    area = Area("match")
    d = tempfile.mkdtemp(dir=work)
    for name, command, protocol in engines(d):
        area.inputs += 1
        games = 2
        pgn = os.path.join(d, f"{name}.pgn")
        r = run([binary, "match", "--engine", command, "--engine-protocol", protocol,
                 "--games", str(games), "--tc", "1", "--preset", "quick", "--pgn", pgn],
                cwd=d, timeout=120)
        label = f"match {name}"
        area.check(r.code in (0, 2) and r.sig is None, f"{label}: {r}")
        # Each game: the clock, the grace, half a second to let the engine go, a handshake of at
        # most 10 s (one that fails stops the match).
        area.check(r.secs < games * 3 + 11, f"{label}: {r.secs:.1f} s")
        area.check(r.kb < 200_000, f"{label}: {r.kb} KB")
        played = len(re.findall(r"^game \d+/", r.err, re.M))
        tags = open(pgn).read().count("[Termination") if os.path.exists(pgn) else 0
        area.check(tags == played, f"{label}: {played} games, {tags} tags: {r}")
        if "no game was played" in r.err:
            # A failed start is no game: the match ends at once, exit 2, nothing counted.
            area.check(r.code == 2 and played == 0 and "Score of" not in r.out,
                       f"{label}: a failed start counted: {r}")
        else:
            score = re.findall(r"\| machack \+(\d+) =(\d+) -(\d+) ", r.err)
            area.check(played >= 1 and bool(score) and score[-1][2] == "0",
                       f"{label}: machack lost a game: {r.err[-400:]}")
        area.check(max(map(len, r.err.splitlines()), default=0) < 1200, f"{label}: long line")
        area.notes.append(f"{name} {r.secs:.1f}s {r.kb // 1024}MB")
    return area


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "machack"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seed", type=int, default=1967)
    ap.add_argument("--areas", default="")
    args = ap.parse_args()
    binary = os.path.abspath(args.bin)
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="machack-adversarial-")
    os.chmod(work, 0o755)
    areas = [records_disk, records_readonly, records_signals, records_resume, inputs, protocols,
             match]
    wanted = [w for w in args.areas.split(",") if w]
    failed = 0
    print(f"{'area':<18}{'inputs':>8}{'checks':>8}{'failures':>10}{'seconds':>9}")
    try:
        for fn in areas:
            if wanted and fn.__name__ not in wanted:
                continue
            area = fn(args, binary, rng, args.quick, work)
            secs = time.monotonic() - area.start
            print(f"{area.name:<18}{area.inputs:>8}{area.tried:>8}{len(area.failures):>10}"
                  f"{secs:>9.1f}"
                  + (f"   ({'; '.join(area.notes[:3])}{' …' if len(area.notes) > 3 else ''})"
                     if area.notes else ""), flush=True)
            for f in area.failures[:5]:
                print(f"    FAILED {f}")
            failed += len(area.failures)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
