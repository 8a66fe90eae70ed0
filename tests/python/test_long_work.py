"""Long work behaves: Ctrl-C stops a solve within a second, the GIL is released
(two threads solve at once), progress reaches a function or a tqdm bar."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

import ludolab

# .376 to 2²¹ heaps takes about a minute: long enough to interrupt in the middle.
LONG = ("0.376", 2**21)


@pytest.fixture
def ctrl_c():
    """Python's own Ctrl-C handler, as in a terminal: a job a shell started in the
    background (`make test &`) inherits SIGINT ignored, and Python then keeps it so."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_ctrl_c_stops_a_long_solve_within_a_second(ctrl_c):
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.5, interrupt)
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        ludolab.impartial.grundy(*LONG)
    stopped = time.monotonic()
    timer.join()
    assert sent, "the timer never fired"
    assert stopped - sent[0] < 1.0, f"stopped {stopped - sent[0]:.2f} s after Ctrl-C"
    assert stopped - started < 5.0
    # The module still works afterwards.
    assert ludolab.impartial.grundy("0.77", 12)[-1] == 4


def test_ctrl_c_stops_a_parity_solve(ctrl_c):
    # Zielonka's algorithm on a recursive ladder of 40: exponentially many calls.
    text = ludolab.parity.generate("recursive-ladder", 40)
    sent = []
    timer = threading.Timer(0.3, lambda: (sent.append(time.monotonic()), os.kill(os.getpid(), signal.SIGINT)))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        ludolab.parity.solve(text, solver="zielonka")
    stopped = time.monotonic()
    timer.join()
    assert stopped - sent[0] < 1.0, f"stopped {stopped - sent[0]:.2f} s after Ctrl-C"


def test_an_exception_in_the_progress_function_stops_the_solve():
    class Enough(Exception):
        pass

    def progress(fraction):
        raise Enough(fraction)

    with pytest.raises(Enough):
        ludolab.impartial.grundy(*LONG, progress=progress)


def test_two_threads_solve_at_once():
    # Each solve reports its progress from its own thread: with the GIL held
    # during a solve, one thread's reports would all come before the other's.
    seen = {0: [], 1: []}

    def solve(k):
        ludolab.impartial.grundy("0.376", 2**16, progress=lambda f: seen[k].append(time.monotonic()))

    threads = [threading.Thread(target=solve, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen[0] and seen[1], "no progress reported"
    first_ends, second_starts = min(seen[0][-1], seen[1][-1]), max(seen[0][0], seen[1][0])
    assert second_starts < first_ends, "the two solves ran one after the other"


def test_progress_runs_to_the_end_and_tqdm_draws_a_bar(capsys):
    fractions = []
    ludolab.impartial.grundy("0.376", 2**15, progress=fractions.append)
    assert fractions and all(0 <= f <= 1 for f in fractions) and fractions == sorted(fractions)
    pytest.importorskip("tqdm")
    ludolab.impartial.grundy("0.376", 2**15, progress=True)
    assert "100/100" in capsys.readouterr().err
