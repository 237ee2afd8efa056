"""`python -m game [FILE]`, and the standalone build's `contack` (contack.spec): the game.

A standalone build's worker processes (the computer players, the solvers) start this
same program; `freeze_support` makes such a start the worker, and ends it there, before
anything of the game is imported."""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.launch import main

    sys.exit(main())
