"""The host's speed now: CPU seconds for a fixed pure-Python loop (10 million steps), the yardstick printed
beside each test-run time in the README (this shared host's speed varies by a quarter within the hour).

    python benchmarks/host_speed.py && python -m pytest
"""

from __future__ import annotations

import time


def loop_seconds(steps: int = 10**7) -> float:
    """CPU seconds of ``sum(i * i for i in range(steps))`` in this process."""
    t0 = time.process_time()
    sum(i * i for i in range(steps))
    return time.process_time() - t0


if __name__ == "__main__":
    print(f"host speed: {loop_seconds():.3f} s of CPU for 10 million Python steps ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})")
