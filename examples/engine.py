#!/usr/bin/env python3
"""A Burrow engine written in Python, with none of Burrow's own code.

It speaks the engine protocol (docs/engine-protocol.md) on its standard
input and output, keeps the game the runner sets up (the start and the
turns played), and plays the turn that leaves the opponent the fewest
replies. It knows no rules itself: a referee does, `burrow engine`
started beside it, which it asks for a position's legal turns
(`query moves`).

    python3 examples/engine.py [BURROW]

BURROW is the `burrow` program (by default the one on the PATH). To play
it against Burrow's levels:

    burrow tournament --variant box --engine fewest="python3 examples/engine.py" \\
        --player fewest --player medium --games 10 --clock 60+1
"""

import subprocess
import sys
import time


class Referee:
    """`burrow engine`, asked about positions only (it never searches)."""

    def __init__(self, burrow):
        self.process = subprocess.Popen(
            [burrow, "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def ask(self, line, answer):
        """Sends `line` and returns the first line of its answer that
        starts with `answer` (an `info string` the referee writes first,
        about a line it refused, is passed over)."""
        self.send(line)
        while True:
            got = self.process.stdout.readline()
            if not got:
                raise RuntimeError("the referee ended")
            if got.startswith(answer):
                return got.rstrip("\n")

    def set_position(self, start, turns):
        """The game from `start` through `turns`, for the next questions."""
        moves = " moves " + " ".join(turns) if turns else ""
        self.send("position " + start + moves)

    def legal_turns(self, start, turns):
        """The legal turns after `turns` played from `start`."""
        self.set_position(start, turns)
        answer = self.ask("query moves", "response")
        if not answer.startswith("response"):
            raise RuntimeError("the referee said: " + answer)
        return answer.split()[1:]

    def close(self):
        self.send("quit")
        self.process.wait(timeout=5)


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def time_for(words, white_to_move):
    """Seconds this `go` may take: its movetime, else a share of the clock."""
    limits = dict(zip(words[1::2], words[2::2]))
    if "movetime" in limits:
        return int(limits["movetime"]) / 1000
    mine = "p1" if white_to_move else "p2"
    if mine + "time" in limits:
        left = int(limits[mine + "time"]) / 1000
        increment = int(limits.get(mine + "inc", 0)) / 1000
        return min(left / 20 + increment / 2, left / 2)
    return 1.0


def fewest_replies(referee, start, turns, seconds):
    """The turn that leaves the opponent the fewest replies (the first
    found when time runs out), or None when there is no turn."""
    deadline = time.monotonic() + seconds * 0.8
    best, fewest = None, None
    for turn in referee.legal_turns(start, turns):
        replies = len(referee.legal_turns(start, turns + [turn]))
        if fewest is None or replies < fewest:
            best, fewest = turn, replies
        if replies == 0 or time.monotonic() > deadline:
            break
    return best


def main():
    referee = Referee(sys.argv[1] if len(sys.argv) > 1 else "burrow")
    start, turns = "startpos", []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "ugi":
            say("id name Fewest replies (Python example)")
            say("id author The Burrow developers")
            say("option name variant type string default box")
            say("option name design type string default <empty>")
            say("option name size type string default 8x8")
            say("ugiok")
        elif command == "isready":
            say(referee.ask("isready", "readyok"))
        elif command == "setoption":
            # The game is the referee's to know: pass it on.
            referee.send(line.strip())
        elif command == "uginewgame":
            start, turns = "startpos", []
        elif command == "position":
            at = words.index("moves") if "moves" in words else len(words)
            start, turns = " ".join(words[1:at]), words[at + 1:]
        elif command == "go":
            referee.set_position(start, turns)
            white = referee.ask("query p1turn", "response") == "response true"
            turn = fewest_replies(referee, start, turns, time_for(words, white))
            say("bestmove " + (turn or "(none)"))
        elif command == "query":
            # The referee answers for the game as this engine keeps it.
            referee.set_position(start, turns)
            say(referee.ask(line.strip(), "response"))
        elif command == "quit":
            break
        elif command == "stop":
            pass  # Each `go` answers by itself, well within its time.
        else:
            say("info string unknown command: " + command)
    referee.close()


if __name__ == "__main__":
    main()
