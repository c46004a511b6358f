"""Benchmark: a class on a school's server — N simulated trainees (40 by default), each on a PC
of its own (its own copy of the history, its own sender, its own connection to the server),
answering once a second for a minute, against a real PostgreSQL server started here (as the
tests start theirs: initdb, pg_ctl, a Unix socket).

    python -m tests.bench.bench_school [--trainees 40] [--seconds 60]

Prints, over every answer: the time record() took (what the trainee waits for: this PC's copy
and its outbox, one SQLite commit), and the time until the answer was committed on the server
(record to the sender's commit), as median / p99 / max; then checks that the server holds every
answer exactly once (by uid, and by each trainee's numbered answers). The trainees are threads of
one process: their CPU is shared with the server's on this machine.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trainees", type=int, default=40)
    parser.add_argument("--seconds", type=int, default=60)
    args = parser.parse_args(argv)

    import pytest

    from tests.trainer.pg_server import PgServer
    from trainer.history.postgres import PostgresStore
    from trainer.history.server_reads import ServerHistory
    from trainer.history.server_setup import add_login, init_server

    try:
        server = PgServer()
    except pytest.skip.Exception as why:
        print(f"bench_school: no server to measure against: {why}", file=sys.stderr)
        return 1
    work = Path(tempfile.mkdtemp(prefix="sabot-bench-school-"))
    try:
        init_server(server.url)
        logins = [f"trainee_{n:02d}" for n in range(args.trainees)]
        for login in logins:
            add_login(server.url, login)
        add_login(server.url, "instructor", instructor=True)

        record_ms: list[float] = []
        deliver_ms: list[float] = []
        lock = threading.Lock()
        start = threading.Barrier(args.trainees)
        failures: list[str] = []

        def trainee(index: int, login: str) -> None:
            pending: collections.deque[int] = collections.deque()
            mine_deliver: list[float] = []

            def sent(n: int) -> None:  # the sender's thread: answers go in the order given
                now = time.monotonic_ns()
                for _ in range(n):
                    mine_deliver.append((now - pending.popleft()) / 1e6)

            store = PostgresStore.open(server.login_url(login), data=work / login, on_sent=sent)
            mine_record: list[float] = []
            try:
                sid = store.start_session("Trainee", "practice", ["announce"], "casino-fr")
                start.wait()
                t0 = time.monotonic() + random.Random(index).random()  # PCs are not in step
                for n in range(args.seconds):
                    delay = t0 + n - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)
                    begun = time.monotonic_ns()
                    pending.append(begun)
                    store.record(
                        sid, "announce", f"hard-{n % 9 + 12}", {"n": n}, str(n), str(n),
                        n % 5 > 0, 600 + n,
                    )  # fmt: skip
                    mine_record.append((time.monotonic_ns() - begun) / 1e6)
                store.end_session(sid)
                if not store.sync(60):
                    failures.append(f"{login}: {store.status().text}")
            except Exception as error:  # noqa: BLE001  (a bench says what went wrong and goes on)
                failures.append(f"{login}: {error!r}")
            finally:
                store.close()
            with lock:
                record_ms.extend(mine_record)
                deliver_ms.extend(mine_deliver)

        cpu0, wall0 = time.process_time(), time.monotonic()
        threads = [
            threading.Thread(target=trainee, args=(i, login)) for i, login in enumerate(logins)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall, cpu = time.monotonic() - wall0, time.process_time() - cpu0

        expected = args.trainees * args.seconds
        with ServerHistory(server.login_url("instructor")) as school:
            rows = school.attempts()
        uids = [a.uid for a in rows]
        per_trainee = collections.Counter((a.owner, a.answer) for a in rows)
        doubled = sum(1 for c in per_trainee.values() if c > 1)
        lost = sum(
            1 for login in logins for n in range(args.seconds) if per_trainee[(login, str(n))] == 0
        )
        print(
            f"{args.trainees} trainees × {args.seconds} s, one answer a second each: "
            f"{expected} answers in {wall:.1f} s (this process's CPU {cpu:.1f} s; "
            f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
        )
        for name, values in (("record()", record_ms), ("on the server", deliver_ms)):
            if values:
                print(
                    f"  {name:<14} median {statistics.median(values):7.2f} ms · "
                    f"p99 {_quantile(values, 0.99):7.2f} ms · max {max(values):7.2f} ms "
                    f"({len(values)} answers)"
                )
        print(
            f"  server: {len(rows)} answers, {len(set(uids))} distinct uids; "
            f"lost {lost}, doubled {doubled}"
        )
        for failure in failures:
            print(f"  failure: {failure}")
        ok = not failures and lost == 0 and doubled == 0 and len(rows) == expected
        print("  every answer arrived exactly once" if ok else "  ANSWERS LOST OR DOUBLED")
        return 0 if ok else 1
    finally:
        server.remove()
        import shutil

        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
